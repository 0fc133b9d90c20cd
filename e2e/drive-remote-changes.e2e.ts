import { mkdirSync } from "node:fs";
import { createFolder, skipGuide, uploadFile } from "./support/drive.js";
import { expect, test } from "./support/fixtures.js";
import { signUpInBrowser, WEB_CLIENT_HEADERS } from "./support/session.js";
import { pageErrors, SCREEN_SIZES, THEMES, themedContext } from "./support/themed-context.js";

// A person with the drive open in one tab changes it in another (or on another device, or
// through another node of a cluster): the open list follows without a reload, through the long
// poll GET /drive/v1/events/wait. Screenshots: test-results/screenshots/drive-remote-change-*.png.
const DIR = new URL("../test-results/screenshots/", import.meta.url);
/** The poll is held 10 s after the page loads (decision 0046), then the list is read again; slow CI hydration adds more. */
const SEEN_WITHIN = 30_000;

test.beforeAll(() => mkdirSync(DIR, { recursive: true }));
test.describe.configure({ timeout: 120_000 });

test("changes made in another tab show in the open list without a reload", async ({ page }) => {
  await skipGuide(page);
  await signUpInBrowser(page);
  const kept = await createFolder(page, "Kept here");
  await page.goto("/drive/all?view=list");
  const grid = page.getByRole("grid");
  const row = (name: string) => grid.locator(".file-item", { hasText: name });
  await expect(row("Kept here")).toBeVisible();
  const errors = pageErrors(page);

  const other = await page.context().newPage();
  await createFolder(other, "Made in the other tab");
  await uploadFile(other, "from-phone.txt", Buffer.from("hello"));
  await expect(row("Made in the other tab")).toBeVisible({ timeout: SEEN_WITHIN });
  await expect(row("from-phone.txt")).toBeVisible();

  // A rename and a trash elsewhere, after the poll is running: seen within a few seconds.
  const renamed = await other.request.patch(`/drive/v1/files/${kept.id}`, {
    headers: WEB_CLIENT_HEADERS,
    data: { name: "Renamed elsewhere" },
  });
  expect(renamed.ok()).toBe(true);
  await expect(row("Renamed elsewhere")).toBeVisible({ timeout: 5_000 });
  await expect(row("Kept here")).toHaveCount(0);
  expect(errors).toEqual([]);
});

for (const viewport of SCREEN_SIZES) {
  test(`the list after a change elsewhere at ${viewport.width}×${viewport.height}, light and dark`, async ({
    browser,
    baseURL,
  }) => {
    const seeding = await browser.newContext({ baseURL });
    const seed = await seeding.newPage();
    await signUpInBrowser(seed);
    for (const name of ["Documents", "Photos"]) await createFolder(seed, name);
    await uploadFile(seed, "notes.txt", Buffer.from("notes"));
    const cookies = await seeding.cookies();
    for (const theme of THEMES) {
      const context = await themedContext(browser, baseURL ?? "", viewport, theme, { cookies });
      const shown = await context.newPage();
      await shown.goto("/drive/all?view=list");
      await expect(shown.locator(".file-item").first()).toBeVisible();
      await createFolder(seed, `Added elsewhere (${theme})`);
      await expect(shown.locator(".file-item", { hasText: `Added elsewhere (${theme})` })).toBeVisible({
        timeout: SEEN_WITHIN,
      });
      const file = new URL(`drive-remote-change-${viewport.width}x${viewport.height}-${theme}.png`, DIR);
      await shown.screenshot({ path: file.pathname });
      await context.close();
    }
    await seeding.close();
  });
}
