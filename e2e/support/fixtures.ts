import { readFileSync } from "node:fs";
import { test as base, expect } from "@playwright/test";

export { expect };

const LOOPBACK = new Set(["127.0.0.1", "localhost", "[::1]"]);

/**
 * Every journey: the running server (see global-setup.ts) as baseURL, and a
 * check that the page asked nothing of the network beyond loopback.
 */
export const test = base.extend<{ loopbackOnly: undefined }>({
  // biome-ignore lint/correctness/noEmptyPattern: Playwright requires the fixtures argument to be destructured.
  baseURL: async ({}, use) => {
    const url = process.env.NIMBUS_E2E_URL;
    if (!url) throw new Error("NIMBUS_E2E_URL unset: run through `npm run test:e2e`");
    await use(url);
  },
  loopbackOnly: [
    async ({ context }, use) => {
      const outside: string[] = [];
      context.on("request", (request) => {
        const url = new URL(request.url());
        if ((url.protocol === "http:" || url.protocol === "https:") && !LOOPBACK.has(url.hostname)) {
          outside.push(request.url());
        }
      });
      await use(undefined);
      expect(outside, "requests beyond loopback").toEqual([]);
    },
    { auto: true },
  ],
});

/** A locale's catalogue, to compare what a page shows with what it should say. */
export function catalogue(locale: string): Record<string, string> {
  const file = new URL(`../../apps/web/app/locales/${locale}.json`, import.meta.url);
  return JSON.parse(readFileSync(file, "utf8")) as Record<string, string>;
}
