import { mkdirSync } from "node:fs";
import { catalogue, expect, test } from "./support/fixtures.js";
import { GENERATOR } from "./support/generator.js";
import { signUpInBrowser, WEB_CLIENT_HEADERS } from "./support/session.js";
import { SCREEN_SIZES, THEMES, themedContext } from "./support/themed-context.js";

// The membership pages on a phone (390×844) and a desktop (1440×900), light and dark, for a
// user with one paid order: test-results/screenshots/membership-<page>-<size>-<theme>.png.
// Each page must fit the screen's width (no sideways scrolling).
const DIR = new URL("../test-results/screenshots/", import.meta.url);
const en = catalogue("en-US");

test("membership pages at both widths and in both themes", GENERATOR, async ({ page, browser, baseURL }) => {
  test.setTimeout(300_000);
  mkdirSync(DIR, { recursive: true });
  await signUpInBrowser(page);
  const created = await page.request.post("/vip/v1/order", {
    headers: WEB_CLIENT_HEADERS,
    data: { product_id: "premium-year", provider: "sandbox" },
  });
  expect(created.status(), await created.text()).toBe(200);
  const { order_id } = (await created.json()) as { order_id: string };
  const paid = await page.request.post(`/vip/v1/sandbox/orders/${order_id}`, {
    headers: WEB_CLIENT_HEADERS,
    data: { outcome: "pay" },
  });
  expect(paid.status(), await paid.text()).toBe(200);

  const pages: Array<[name: string, path: string, ready: string]> = [
    ["plans", "/drive/payment", ".plan-cards"],
    ["account", "/drive/account", `.order-row:has-text("${en["orders.status.paid"]}")`],
    ["receipt", `/drive/payment/receipt/${order_id}`, ".receipt"],
    ["check-in", "/en-US/check-in", ".check-in-panel"],
    ["referral", "/referral", ".invite-panel"],
  ];
  const storageState = await page.context().storageState();
  for (const size of SCREEN_SIZES) {
    for (const theme of THEMES) {
      const context = await themedContext(browser, baseURL ?? "", size, theme, { storageState });
      const shot = await context.newPage();
      for (const [name, path, ready] of pages) {
        await shot.goto(path, { waitUntil: "networkidle" });
        await expect(shot.locator(ready).first()).toBeVisible({ timeout: 20_000 });
        const overflow = await shot.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
        expect(overflow, `${name} at ${size.width}px scrolls sideways`).toBeLessThanOrEqual(0);
        await shot.screenshot({
          path: new URL(`membership-${name}-${size.width}x${size.height}-${theme}.png`, DIR).pathname,
          fullPage: true,
        });
      }
      await context.close();
    }
  }
});
