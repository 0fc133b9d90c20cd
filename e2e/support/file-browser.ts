import { mkdirSync } from "node:fs";
import type { Browser, Cookie, Page } from "@playwright/test";
import { expect, settled } from "./fixtures.js";
import { WEB_CLIENT_HEADERS } from "./session.js";
import { pageErrors, SCREEN_SIZES, THEMES, themedContext } from "./themed-context.js";

const DIR = new URL("../../test-results/screenshots/", import.meta.url);

/** A drive call with the page's session (star, trash, …) that must succeed. */
export async function drivePost(page: Page, url: string, data: unknown): Promise<void> {
  const response = await page.request.post(url, { headers: WEB_CLIENT_HEADERS, data });
  expect(response.ok(), `${url}: ${await response.text()}`).toBe(true);
}

/**
 * Screenshots of one drive page at 1440×900 and 390×844, light and dark, as the seeded
 * account (its cookies): test-results/screenshots/<name>-<width>x<height>-<theme>.png.
 * `ready` waits for what the picture must show; script errors fail the journey.
 */
export async function screenshotsOf(
  browser: Browser,
  baseURL: string,
  cookies: Cookie[],
  name: string,
  url: string,
  ready: (page: Page, phone: boolean) => Promise<void>,
): Promise<void> {
  mkdirSync(DIR, { recursive: true });
  for (const viewport of SCREEN_SIZES)
    for (const theme of THEMES) {
      const context = await themedContext(browser, baseURL, viewport, theme, { cookies });
      const page = await context.newPage();
      const errors = pageErrors(page, { console: true });
      await page.goto(url, { waitUntil: "networkidle" });
      await ready(page, viewport.width < 768);
      await settled(page);
      const size = `${viewport.width}x${viewport.height}-${theme}`;
      await page.screenshot({ path: new URL(`${name}-${size}.png`, DIR).pathname });
      expect(errors, "no script errors (hydration included)").toEqual([]);
      await context.close();
    }
}
