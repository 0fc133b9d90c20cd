import { PERSON_USER_AGENT } from "./support/chromium.js";
import { expect, test } from "./support/fixtures.js";

// The few screenshots that are compared (decision 0068): pages whose look is settled and that
// hold nothing of the run (no account, date or id), each against its committed baseline in
// visual-baselines.e2e.ts-snapshots/, made by Debian's /usr/bin/chromium. A change to how one
// looks fails here until the baseline is made again on purpose:
//   flock /tmp/nimbus-build.lock npx playwright test --project=journeys e2e/visual-baselines.e2e.ts --update-snapshots
// The other screenshot journeys generate images for people to look at (tag @generator).

const PAGES = [
  // The site layout's not-found page: header, message, links home.
  { name: "not-found", path: "/no/such/page", status: 404, ready: "h1" },
  // The share page's state for a link that does not exist (no sharer, no files).
  { name: "share-missing", path: "/s/nosuchshare0", status: 404, ready: "h1, h2" },
] as const;
const THEMES = ["light", "dark"] as const;

for (const { name, path, status, ready } of PAGES) {
  for (const theme of THEMES) {
    test(`${name} looks as its baseline, ${theme}`, async ({ browser, baseURL }) => {
      const context = await browser.newContext({
        baseURL,
        userAgent: PERSON_USER_AGENT,
        viewport: { width: 1280, height: 800 },
        colorScheme: theme,
      });
      await context.addCookies([{ name: "pp_theme", value: theme, url: baseURL ?? "" }]);
      const page = await context.newPage();
      const response = await page.goto(path, { waitUntil: "networkidle" });
      expect(response?.status()).toBe(status);
      await expect(page.locator(ready).first()).toBeVisible();
      await page.evaluate(() => document.fonts.ready);
      // Font rasterizing may move a few edge pixels between machines: up to 0.2 % of the
      // page may differ, each by a colour distance under the default threshold (0.2).
      await expect(page).toHaveScreenshot(`${name}-${theme}.png`, {
        maxDiffPixelRatio: 0.002,
        animations: "disabled",
        caret: "hide",
      });
      await context.close();
    });
  }
}
