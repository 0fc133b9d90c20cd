import { mkdirSync } from "node:fs";
import type { Page } from "@playwright/test";
import { PERSON_USER_AGENT } from "./support/chromium.js";
import { expect as baseExpect, catalogue, settled, test } from "./support/fixtures.js";
import { GENERATOR } from "./support/generator.js";
import { signUpInBrowser } from "./support/session.js";
import { pageErrors, SCREEN_SIZES, THEMES, themedContext } from "./support/themed-context.js";

// "Connect an app" (WebDAV, decision 0058) where people find it: the help center article
// apps/connect-an-app and the account page beside the app passwords, at 1440×900 and
// 390×844, light and dark: test-results/screenshots/connect-app-<view>-<w>x<h>-<theme>.png.
// Each look checks the address is this site's /dav/ and that no card runs off the screen.
const DIR = new URL("../test-results/screenshots/", import.meta.url);
const en = catalogue("en-US");
const expect = baseExpect.configure({ timeout: 60_000 });

test.beforeAll(() => mkdirSync(DIR, { recursive: true }));
test.describe.configure({ timeout: 300_000 });

async function fitsTheScreen(page: Page): Promise<void> {
  const overflow = await page.evaluate(() => {
    const width = document.documentElement.clientWidth;
    return [...document.querySelectorAll(".connect-app-item, .connect-app-address")]
      .map((element) => element.getBoundingClientRect())
      .filter((box) => box.right > width + 1).length;
  });
  expect(overflow, "guide elements wider than the screen").toBe(0);
}

for (const viewport of SCREEN_SIZES) {
  test(
    `connect an app at ${viewport.width}×${viewport.height}, light and dark`,
    GENERATOR,
    async ({ browser, baseURL }) => {
      const seed = await browser.newContext({ userAgent: PERSON_USER_AGENT, baseURL });
      await signUpInBrowser(await seed.newPage());
      const cookies = await seed.cookies();
      await seed.close();
      // The help page whole; the account page as the screen shows it once the guide is opened
      // (a whole-page shot of the drive would paint its fixed header over the middle).
      const shot = (page: Page, name: string, theme: string, fullPage = true) =>
        page.screenshot({
          path: new URL(`connect-app-${name}-${viewport.width}x${viewport.height}-${theme}.png`, DIR)
            .pathname,
          fullPage,
        });
      for (const theme of THEMES) {
        const context = await themedContext(browser, baseURL ?? "", viewport, theme, { cookies });
        const page = await context.newPage();
        const errors = pageErrors(page, { console: true });

        await page.goto("/help-center/apps/connect-an-app", { waitUntil: "networkidle" });
        await expect(
          page.getByRole("heading", { level: 1, name: en["helpCenter.article.connect-an-app.title"] }),
        ).toBeVisible();
        const guide = page.getByTestId("connect-app");
        await expect(guide.getByTestId("dav-address")).toHaveText(`${baseURL}/dav/`);
        await expect(guide.getByRole("heading", { name: "Kodi" })).toBeVisible();
        await expect(guide.locator("pre")).toContainText(`url = ${baseURL}/dav/`);
        await settled(page);
        await fitsTheScreen(page);
        await shot(page, "help", theme);

        await page.goto("/drive/account", { waitUntil: "networkidle" });
        const details = page.getByTestId("connect-app-details");
        await details
          .getByText(en["connectApp.title"] ?? "", { exact: true })
          .first()
          .click();
        await expect(details.getByTestId("dav-address")).toHaveText(`${baseURL}/dav/`);
        await expect(details.getByRole("link", { name: en["connectApp.helpLink"] })).toBeVisible();
        await details.evaluate((element) => {
          element.scrollIntoView({ block: "start" });
          window.scrollBy(0, -80); // below the drive's fixed header
        });
        await settled(page);
        await fitsTheScreen(page);
        await shot(page, "account", theme, false);

        expect(errors, "no script errors").toEqual([]);
        await context.close();
      }
    },
  );
}
