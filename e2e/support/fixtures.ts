import { readFileSync } from "node:fs";
import { test as base, expect, type Page, type Response } from "@playwright/test";
import { SHARED_CONFIG_PROJECT } from "./projects.js";

export { expect };

const LOOPBACK = new Set(["127.0.0.1", "localhost", "[::1]"]);

/** A console message where the browser reports refusing something by Content-Security-Policy. */
const CSP_REFUSAL = /Content Security Policy|Content-Security-Policy/;

/**
 * Every journey: the running server (see global-setup.ts) as baseURL, a check
 * that the page asked nothing of the network beyond loopback, and one that the
 * browser refused nothing by Content-Security-Policy (`cspViolations`; a journey
 * that expects a refusal takes it out of the list).
 */
export const test = base.extend<
  { loopbackOnly: undefined; cspViolations: string[] },
  { serverOfProject: undefined }
>({
  // A worker runs one project's journeys only: the shared-config ones talk to their own
  // server (global-setup.ts), so every reader of NIMBUS_E2E_URL and NIMBUS_E2E_DATA_DIR
  // (baseURL, the mail outbox) finds it.
  serverOfProject: [
    // biome-ignore lint/correctness/noEmptyPattern: Playwright requires the fixtures argument to be destructured.
    async ({}, use, workerInfo) => {
      if (workerInfo.project.name === SHARED_CONFIG_PROJECT) {
        process.env.NIMBUS_E2E_URL = process.env.NIMBUS_E2E_SHARED_URL;
        process.env.NIMBUS_E2E_DATA_DIR = process.env.NIMBUS_E2E_SHARED_DATA_DIR;
      }
      await use(undefined);
    },
    { scope: "worker", auto: true },
  ],
  // Under faketime (CONTRIBUTING.md) the browser runs on the real clock: every context gets
  // Playwright's clock set to the runner's moved time, running on from there, so pages and
  // the server agree on the date as a visitor's browser and the server would.
  browser: [
    async ({ browser }, use) => {
      if (process.env.FAKETIME) {
        const newContext = browser.newContext.bind(browser);
        browser.newContext = async (options) => {
          const context = await newContext(options);
          await context.clock.install({ time: Date.now() });
          return context;
        };
      }
      await use(browser);
    },
    { scope: "worker" },
  ],
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
  cspViolations: [
    async ({ context }, use) => {
      const refused: string[] = [];
      const watch = (page: Page) =>
        page.on("console", (message) => {
          if (CSP_REFUSAL.test(message.text())) refused.push(message.text());
        });
      context.pages().forEach(watch);
      context.on("page", watch);
      await use(refused);
      expect(refused, "Content-Security-Policy refusals").toEqual([]);
    },
    { auto: true },
  ],
});

/** A locale's catalogue, to compare what a page shows with what it should say. */
export function catalogue(locale: string): Record<string, string> {
  const file = new URL(`../../packages/texts/src/web/${locale}.json`, import.meta.url);
  return JSON.parse(readFileSync(file, "utf8")) as Record<string, string>;
}

/**
 * Resolves once the page's scripts have taken over the server-rendered page (the root
 * layout's effect marks `<html data-hydrated>`): a click before that reaches no handler.
 */
export async function hydrated(page: Page): Promise<void> {
  await page.locator("html[data-hydrated]").waitFor({ state: "attached" });
}

/**
 * `page.goto`, resolved once the page has hydrated: for a journey whose next step needs a
 * running page (a click, a key, a form the page's scripts submit). The server-rendered
 * controls of the app shell wait by themselves (aria-disabled until hydrated, which a
 * locator's click waits out), but not everything a journey touches is one of them.
 */
export async function gotoHydrated(
  page: Page,
  url: string,
  options?: Parameters<Page["goto"]>[1],
): Promise<Response | null> {
  const response = await page.goto(url, options);
  await hydrated(page);
  return response;
}

/** `page.reload`, resolved once the reloaded page has hydrated. */
export async function reloadHydrated(page: Page): Promise<Response | null> {
  const response = await page.reload();
  await hydrated(page);
  return response;
}

/**
 * Resolves when the page is still enough for a screenshot: hydrated, its fonts loaded, its
 * images decoded, and every finite animation or transition finished (a dialog's fade-in, a
 * popover's slide), then one painted frame. Replaces a fixed pause before a screenshot,
 * which was either too short on a loaded machine or wasted on a fast one.
 */
export async function settled(page: Page): Promise<void> {
  await hydrated(page);
  await page.evaluate(async () => {
    await document.fonts.ready;
    await Promise.all(
      [...document.images].map((image) => (image.complete ? undefined : image.decode().catch(() => {}))),
    );
    // Spinners and other endless animations never finish: only the finite ones are awaited.
    const finite = document
      .getAnimations()
      .filter((animation) => Number.isFinite(animation.effect?.getComputedTiming().endTime ?? 0));
    await Promise.all(finite.map((animation) => animation.finished.catch(() => {})));
    await new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve)));
  });
}
