import { seriousViolations } from "./support/axe.js";
import { createFolder, skipGuide, uploadFile } from "./support/drive.js";
import { expect, test } from "./support/fixtures.js";
import { signUpInBrowser } from "./support/session.js";

// The drive on a 390×844 phone: the sidebar is a drawer, taps open items, the
// checkboxes and taps select (no hover, no modifier keys), the selection bar sits
// at the bottom, menus are sheets, and nothing scrolls sideways.

test.use({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });

test.beforeEach(async ({ page }) => {
  await skipGuide(page);
});

test("browse, select by touch, act from the bottom bar and the menu", async ({ page }) => {
  await signUpInBrowser(page);
  const trips = await createFolder(page, "Trips");
  await uploadFile(page, "tokyo.txt", Buffer.from("tokyo"), trips.id);
  for (const name of ["a.txt", "b.txt", "c.txt"]) await uploadFile(page, name, Buffer.from(name));

  await page.goto("/drive/all?view=list");
  const grid = page.getByRole("grid");
  const row = (name: string) => grid.locator(".file-item", { hasText: name });
  await expect(row("a.txt")).toBeVisible();
  expect(
    await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth),
  ).toBeLessThanOrEqual(0);

  // The drawer.
  await page.getByRole("button", { name: "Show folders and storage" }).tap();
  await page.getByRole("complementary").getByRole("link", { name: "Recent" }).tap();
  await expect(page.getByRole("heading", { level: 1, name: "Recent" })).toBeVisible();
  await page.goBack();
  // Back on My Drive before the next tap, or the tap can land on Recent's list as it leaves.
  await expect(page.getByRole("grid", { name: "My Drive" })).toBeVisible();

  // A tap opens a folder; the breadcrumb leads back.
  await row("Trips").tap();
  await expect(page.getByRole("heading", { level: 1, name: "Trips" })).toBeVisible();
  await page.getByRole("navigation", { name: "Folder path" }).getByRole("link", { name: "My Drive" }).tap();

  // Checkbox starts selecting; then taps toggle; the bar at the bottom acts.
  await row("a.txt").getByRole("button", { name: "Select a.txt" }).tap();
  await row("b.txt").tap();
  const bar = page.getByRole("toolbar", { name: "Selected items" });
  await expect(bar.getByText("2 selected")).toBeVisible();
  const barBox = await bar.boundingBox();
  expect(barBox && barBox.y + barBox.height).toBeGreaterThan(780);
  await bar.getByRole("button", { name: "Move to trash" }).tap();
  await expect(row("a.txt")).toHaveCount(0);
  await expect(row("b.txt")).toHaveCount(0);

  // The ⋮ menu is a sheet at the bottom; rename from it.
  await row("c.txt").getByRole("button", { name: "More actions for c.txt" }).tap();
  const menu = page.getByRole("menu");
  const menuBox = await menu.boundingBox();
  expect(menuBox && menuBox.y + menuBox.height).toBeGreaterThan(800);
  await menu.getByRole("menuitem", { name: "Rename" }).tap();
  const input = page.getByRole("textbox", { name: "New name" });
  await input.fill("phone.txt");
  await input.press("Enter");
  await expect(row("phone.txt")).toBeVisible();

  // Grid view on the phone: two columns.
  await page.getByRole("button", { name: "Grid view" }).tap();
  const cards = grid.locator(".file-card");
  await expect(cards.first()).toBeVisible();
  const [first, second] = [await cards.nth(0).boundingBox(), await cards.nth(1).boundingBox()];
  expect(first?.y).toBe(second?.y);
  expect(
    await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth),
  ).toBeLessThanOrEqual(0);

  expect(await seriousViolations(page)).toEqual([]);
});
