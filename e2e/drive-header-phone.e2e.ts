import { mkdirSync } from "node:fs";
import { skipGuide } from "./support/drive.js";
import { expect, test } from "./support/fixtures.js";
import { signUpInBrowser } from "./support/session.js";

// Issue 33, item 3: on a phone the drive header is one row (it was three, about 155 px), in
// light and dark, on every drive page; what left the row (theme, language) is in the drawer.
// Screenshots: test-results/screenshots/drive-header-phone-<theme>.png.
const SHOTS = new URL("../test-results/screenshots/", import.meta.url);

for (const width of [390, 360]) {
  test.describe(`${width} px phone`, () => {
    test.use({ viewport: { width, height: 844 }, isMobile: true, hasTouch: true });

    test("the drive header is one row, light and dark", async ({ page }) => {
      await skipGuide(page);
      await signUpInBrowser(page);
      for (const path of ["/drive/all", "/drive/recent", "/drive/trash"]) {
        for (const scheme of ["light", "dark"] as const) {
          await page.emulateMedia({ colorScheme: scheme });
          await page.goto(path);
          const header = page.locator(".drive-header");
          await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
          const box = await header.boundingBox();
          expect(box?.height, `${path} ${scheme}`).toBeLessThanOrEqual(64);
          // Every visible control of the header sits on that one row.
          const tops = await header.evaluate((element) =>
            [...element.querySelectorAll("button, input[type=search], a")]
              .filter((child) => (child as HTMLElement).offsetParent !== null)
              .map((child) =>
                Math.round(child.getBoundingClientRect().top + child.getBoundingClientRect().height / 2),
              ),
          );
          expect(Math.max(...tops) - Math.min(...tops), `${path} ${scheme}`).toBeLessThanOrEqual(4);
          expect(
            await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth),
          ).toBeLessThanOrEqual(0);
          if (path === "/drive/all") {
            mkdirSync(SHOTS, { recursive: true });
            await page.screenshot({
              path: new URL(`drive-header-phone-${width}-${scheme}.png`, SHOTS).pathname,
              clip: { x: 0, y: 0, width, height: 240 },
            });
          }
        }
      }
      // The folded search opens over the row and searches.
      await page.getByRole("searchbox").tap();
      await expect(page.getByRole("searchbox")).toBeFocused();
      const search = await page.locator(".drive-search").boundingBox();
      expect(search?.width).toBeGreaterThan(width - 40);
      await page.screenshot({
        path: new URL(`drive-header-phone-${width}-search.png`, SHOTS).pathname,
        clip: { x: 0, y: 0, width, height: 120 },
      });
      await page.getByRole("searchbox").fill("tokyo");
      await page.getByRole("searchbox").press("Enter");
      await expect(page).toHaveURL(/action=search&keyword=tokyo/);
      // Item 15: the storage dialog's Close is in sight on a phone, above the plans.
      await page.goto("/drive/all?action=show_storage_dialog");
      const storage = page.getByRole("dialog", { name: "Storage" });
      await expect(storage).toBeVisible();
      await expect(storage.getByRole("button", { name: "Close" })).toBeInViewport({ ratio: 1 });
      await storage.getByRole("button", { name: "Close" }).tap();
      await expect(storage).toHaveCount(0);
      // Theme and language are in the drawer.
      await page.getByRole("button", { name: "Show folders and storage" }).tap();
      const drawer = page.getByRole("complementary");
      await expect(drawer.getByRole("button", { name: /theme|mode/i }).first()).toBeVisible();
      await expect(drawer.getByRole("button", { name: /language/i }).first()).toBeVisible();
    });
  });
}
