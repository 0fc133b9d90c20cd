import type { Page } from "@playwright/test";
import { CHROMIUM_LAUNCH, FULL_CHROMIUM } from "./support/chromium.js";
import { expect, hydrated, test } from "./support/fixtures.js";
import { signUpInBrowser } from "./support/session.js";

// Playwright starts Chromium with the back/forward cache off; a person's browser has it on.
// The headless shell the other journeys drive has no such cache: this one runs the full browser.
test.use({
  launchOptions: {
    ...CHROMIUM_LAUNCH,
    executablePath: FULL_CHROMIUM,
    ignoreDefaultArgs: ["--disable-back-forward-cache"],
  },
});

type Marked = Window & { restoredFromCache?: boolean };

/** Marks the page, leaves it for the FAQ, comes Back: whether the same page came back from the cache. */
async function backIsInstant(page: Page, path: string): Promise<boolean> {
  await page.goto(path);
  await hydrated(page);
  await page.evaluate(() => {
    window.addEventListener("pageshow", (event) => {
      (window as Marked).restoredFromCache = event.persisted;
    });
  });
  await page.goto("/en-US/faq");
  await hydrated(page);
  // A page restored from the cache fires `pageshow`, not `load`: wait for the commit only.
  await page.goBack({ waitUntil: "commit" });
  await hydrated(page);
  await page.waitForFunction(() => document.readyState === "complete");
  return page.evaluate(() => (window as Marked).restoredFromCache === true);
}

test("Back to a public page restores it at once from the back/forward cache", async ({ page }) => {
  expect(await backIsInstant(page, "/en-US")).toBe(true);
  expect(await backIsInstant(page, "/ja/help-center")).toBe(true);
});

test("Back to a drive page asks the server again: nothing of an account outlives the page", async ({
  page,
}) => {
  await signUpInBrowser(page);
  expect(await backIsInstant(page, "/drive/all")).toBe(false);
});
