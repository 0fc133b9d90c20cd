import { catalogue, expect, test } from "./support/fixtures.js";

test.use({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });

test("the mobile header opens its menu and navigates from it", async ({ page }) => {
  const en = catalogue("en-US");
  await page.goto("/");
  const menuButton = page.getByRole("button", { name: en["nav.menu"] });
  await expect(menuButton).toBeVisible();
  await expect(menuButton).toHaveAttribute("aria-expanded", "false");
  // The PC navigation gives way to the menu button at this width.
  await expect(page.locator(".pc-nav")).toBeHidden();
  const menu = page.locator(`#${await menuButton.getAttribute("aria-controls")}`);
  await expect(menu).toBeHidden();

  await menuButton.click();
  await expect(menuButton).toHaveAttribute("aria-expanded", "true");
  await expect(menu).toBeVisible();
  await menu.getByRole("link", { name: en["nav.helpCenter"] }).click();

  await expect(page).toHaveURL(/\/en-US\/help-center$/);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(en["page.helpCenter.title"] ?? "");
  await expect(menu).toBeHidden();
});
