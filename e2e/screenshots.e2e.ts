import { mkdirSync } from "node:fs";
import { PERSON_USER_AGENT } from "./support/chromium.js";
import { expect, test } from "./support/fixtures.js";
import { GENERATOR } from "./support/generator.js";

// One screenshot per layout, viewport and theme, for people to look at:
// test-results/screenshots/<layout>-<width>x<height>-<theme>.png (gitignored).
const LAYOUTS = [
  { layout: "basic", path: "/", status: 200 },
  { layout: "drive", path: "/drive/all", status: 200 },
  { layout: "drive-first-visit", path: "/drive/all", status: 200, firstVisit: true },
  { layout: "activity", path: "/en-US/activity/christmas", status: 200 },
  { layout: "basic-activity", path: "/blog", status: 200 },
  { layout: "policy", path: "/en-US/policy/privacy-policy", status: 200 },
  { layout: "simple", path: "/loading", status: 200 },
  { layout: "not-found", path: "/no/such/page", status: 404 },
] as const satisfies readonly { layout: string; path: string; status: number; firstVisit?: boolean }[];
const VIEWPORTS = [
  { width: 1440, height: 900 },
  { width: 390, height: 844 },
] as const;
const THEMES = ["light", "dark"] as const;
const DIR = new URL("../test-results/screenshots/", import.meta.url);

test.beforeAll(() => mkdirSync(DIR, { recursive: true }));

for (const entry of LAYOUTS) {
  const { layout, path, status } = entry;
  const firstVisit = "firstVisit" in entry;
  for (const viewport of VIEWPORTS) {
    test(
      `${layout} layout at ${viewport.width}×${viewport.height}, light and dark`,
      GENERATOR,
      async ({ browser, baseURL }, testInfo) => {
        // Two full page loads and full-page screenshots.
        test.setTimeout(60_000);
        for (const theme of THEMES) {
          const context = await browser.newContext({
            userAgent: PERSON_USER_AGENT,
            viewport,
            colorScheme: theme,
            isMobile: viewport.width < 768,
            hasTouch: viewport.width < 768,
          });
          await context.addCookies([{ name: "pp_theme", value: theme, url: baseURL ?? "" }]);
          // The drive's first-visit guide covers the layout; it gets a screenshot of its own.
          if (!firstVisit) await context.addInitScript(() => localStorage.setItem("pp_new_user", "init"));
          const page = await context.newPage();
          const errors: string[] = [];
          page.on("pageerror", (error) => errors.push(error.message));
          page.on("console", (message) => {
            if (message.type() === "error" && !message.text().startsWith("Failed to load resource")) {
              errors.push(message.text());
            }
          });
          const response = await page.goto(path, { waitUntil: "networkidle" });
          expect(response?.status()).toBe(status);
          await expect(page.locator("html")).toHaveAttribute("data-theme", theme);
          const overflow = await page.evaluate(
            () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
          );
          const file = new URL(`${layout}-${viewport.width}x${viewport.height}-${theme}.png`, DIR);
          const image = await page.screenshot({ path: file.pathname, fullPage: true });
          await testInfo.attach(`${layout}-${theme}`, { body: image, contentType: "image/png" });
          // A page wider than the viewport scrolls sideways: a failure, after the screenshot shows it.
          expect
            .soft(overflow, `${path} at ${viewport.width} px ${theme}: px wider than the viewport`)
            .toBeLessThanOrEqual(0);
          expect(errors, "no script errors (hydration included)").toEqual([]);
          await context.close();
        }
      },
    );
  }
}
