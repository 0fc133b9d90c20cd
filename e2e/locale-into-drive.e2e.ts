import { catalogue, expect, test } from "./support/fixtures.js";

// Issue 33, item 15: a visitor reading /ja goes into the drive in Japanese, not English.
const ja = catalogue("ja");

test("from /ja, sign in opens the drive's sign-in page in Japanese", async ({ page }) => {
  await page.goto("/ja");
  await page.locator(".site-header").getByRole("link", { name: ja["nav.signIn"] }).first().click();
  await expect(page).toHaveURL(/\/drive\/login$/);
  await expect(page.getByRole("heading", { level: 1, name: ja["page.driveLogin.title"] })).toBeVisible();
  expect((await page.context().cookies()).find((cookie) => cookie.name === "pp_locale")?.value).toBe("ja");
});
