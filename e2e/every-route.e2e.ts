import { LOCALES } from "@nimbus/protocol";
import { PUBLIC_PAGES } from "../apps/web/app/site/public-pages.js";
import { expect, test } from "./support/fixtures.js";

// Spec §2: every path answers 200 (or the redirect it implies) with its layout.
const LOCALIZED_ONLY = [
  "/unsubscribe",
  "/activity-end",
  "/auth-success",
  "/inapp/widget",
  "/inapp/shop",
  "/help-center/getting-started",
];
const UNPREFIXED = [
  "/",
  "/blog",
  "/referral",
  "/auth",
  "/loading",
  "/drive/all?action=search",
  "/drive/trash",
  "/drive/recent",
  "/drive/login",
  "/drive/payment",
  "/drive/payment/storage",
  "/drive/payment/traffic",
  "/drive/account",
  "/drive/feedback",
];
const LAYOUT_MARKERS =
  ".layout-basic, .layout-drive, .layout-activity, .layout-basic-activity, .layout-policy, .layout-simple";

test("every public page answers 200 with its layout in all 11 locales", async ({ request }) => {
  test.setTimeout(180_000);
  for (const locale of LOCALES) {
    for (const path of [...PUBLIC_PAGES, ...LOCALIZED_ONLY]) {
      const url = path === "/" ? `/${locale}` : `/${locale}${path}`;
      const response = await request.get(url);
      expect(response.status(), url).toBe(200);
      const html = await response.text();
      expect(html, url).toContain(`lang="${locale}"`);
      expect(html, url).toMatch(/class="[^"]*\blayout-[a-z-]+/);
    }
  }
});

test("every unprefixed route answers 200 with its layout; /drive redirects to /drive/all", async ({
  request,
  page,
}) => {
  for (const path of UNPREFIXED) {
    const response = await request.get(path);
    expect(response.status(), path).toBe(200);
  }
  // An unknown share is its status page, with 404 in the HTTP status too.
  for (const path of ["/s/abc123", "/s/abc123/folder1/folder2"]) {
    const response = await request.get(path);
    expect(response.status(), path).toBe(404);
    expect(await response.text(), path).toMatch(/class="[^"]*\blayout-[a-z-]+/);
  }
  const sitemap = await request.get("/sitemap.xml");
  expect(sitemap.status()).toBe(200);
  const drive = await request.get("/drive?action=show_storage_dialog", { maxRedirects: 0 });
  expect(drive.status()).toBe(302);
  expect(drive.headers().location).toBe("/drive/all?action=show_storage_dialog");
  await page.goto("/drive/all");
  await expect(page.locator(LAYOUT_MARKERS).first()).toBeAttached();
});
