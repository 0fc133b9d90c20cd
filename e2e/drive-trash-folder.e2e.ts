import { mkdirSync } from "node:fs";
import { seriousViolations } from "./support/axe.js";
import { PERSON_USER_AGENT } from "./support/chromium.js";
import { createFolder, skipGuide, uploadFile } from "./support/drive.js";
import { catalogue, expect, settled, test } from "./support/fixtures.js";
import { signUpInBrowser, WEB_CLIENT_HEADERS } from "./support/session.js";
import { pageErrors, SCREEN_SIZES, THEMES, themedContext } from "./support/themed-context.js";

// A trashed folder opens from the trash and is browsed read-only: breadcrumbs lead back
// to the Trash, items inside only open, and Restore / Delete forever act on the trashed
// folder itself. Screenshots at 1440×900 and 390×844, light and dark:
// test-results/screenshots/drive-trash-folder-<width>x<height>-<theme>.png.

const en = catalogue("en-US");
const DIR = new URL("../test-results/screenshots/", import.meta.url);

test.beforeEach(async ({ page }) => {
  await skipGuide(page);
});

async function trash(page: import("@playwright/test").Page, ids: string[]) {
  const response = await page.request.post("/drive/v1/files:batchTrash", {
    headers: WEB_CLIENT_HEADERS,
    data: { ids },
  });
  expect(response.ok()).toBe(true);
}

test("open a trashed folder, browse it read-only, restore it from inside", async ({ page }) => {
  await signUpInBrowser(page);
  const project = await createFolder(page, "Old project");
  const docs = await createFolder(page, "docs", project.id);
  await uploadFile(page, "spec.txt", Buffer.from("spec"), docs.id);
  await uploadFile(page, "readme.txt", Buffer.from("readme"), project.id);
  await trash(page, [project.id]);

  await page.goto("/drive/trash?view=list");
  const grid = page.getByRole("grid");
  const row = (name: string) => grid.locator(".file-item", { hasText: name });
  await row("Old project").dblclick();
  await expect(page).toHaveURL(new RegExp(`/drive/trash\\?parent_id=${project.id}&root=${project.id}`));
  await expect(page.getByRole("heading", { level: 1, name: "Old project" })).toBeVisible();
  await expect(grid.locator(".file-name")).toHaveText(["docs", "readme.txt"]);
  await expect(page.getByRole("note")).toContainText("“Old project” is in the trash");
  // "Empty trash" is the trash's own tool, not the folder's.
  await expect(page.getByRole("button", { name: "Empty trash" })).toHaveCount(0);

  // Read-only: the menu only opens, F2 and Delete do nothing.
  await row("readme.txt").click({ button: "right" });
  await expect(page.getByRole("menuitem")).toHaveText(["Open"]);
  await page.keyboard.press("Escape");
  await row("readme.txt").click();
  await grid.press("F2");
  await expect(page.getByRole("textbox", { name: "New name" })).toHaveCount(0);
  await grid.press("Delete");
  await expect(page.getByRole("dialog")).toHaveCount(0);
  await expect(row("readme.txt")).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);

  // Deeper by keyboard; the breadcrumbs start at the Trash.
  await row("docs").click();
  await grid.press("Enter");
  await expect(page.getByRole("heading", { level: 1, name: "docs" })).toBeVisible();
  await expect(row("spec.txt")).toBeVisible();
  const crumbs = page.getByRole("navigation", { name: en["files.breadcrumbs"] });
  await expect(crumbs.getByRole("link")).toHaveText(["Trash", "Old project"]);
  await crumbs.getByRole("link", { name: "Old project" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Old project" })).toBeVisible();
  await row("docs").dblclick();
  await expect(page.getByRole("heading", { level: 1, name: "docs" })).toBeVisible();

  // Restore (from inside docs) restores the trashed folder itself and goes back to the Trash.
  await page.getByRole("button", { name: "Restore" }).click();
  await expect(page).toHaveURL(/\/drive\/trash$/);
  await expect(page.getByText("1 item restored")).toBeVisible();
  await expect(page.getByRole("heading", { name: "The trash is empty" })).toBeVisible();
  await page.goto("/drive/all?view=list");
  await row("Old project").dblclick();
  await expect(grid.locator(".file-name")).toHaveText(["docs", "readme.txt"]);
});

test("delete a trashed folder forever from inside it; back to the Trash by its breadcrumb", async ({
  page,
}) => {
  await signUpInBrowser(page);
  const keep = await createFolder(page, "Keep me");
  const old = await createFolder(page, "Old photos");
  await uploadFile(page, "a.txt", Buffer.from("a"), old.id);
  await trash(page, [keep.id, old.id]);

  await page.goto("/drive/trash?view=list");
  const grid = page.getByRole("grid");
  const row = (name: string) => grid.locator(".file-item", { hasText: name });
  // The context menu of a trashed folder offers Open.
  await row("Old photos").click({ button: "right" });
  await expect(page.getByRole("menuitem")).toHaveText(["Open", "Restore", "Delete forever"]);
  await page.getByRole("menuitem", { name: "Open" }).click();
  await expect(row("a.txt")).toBeVisible();
  await page
    .getByRole("navigation", { name: en["files.breadcrumbs"] })
    .getByRole("link", { name: "Trash" })
    .click();
  await expect(page).toHaveURL(/\/drive\/trash$/);
  await expect(grid.locator(".file-name")).toHaveCount(2);

  await row("Old photos").dblclick();
  await expect(row("a.txt")).toBeVisible();
  await page.getByRole("button", { name: "Delete forever" }).click();
  await page
    .getByRole("dialog", { name: /Delete .*forever/ })
    .getByRole("button", { name: "Delete forever" })
    .click();
  await expect(page).toHaveURL(/\/drive\/trash$/);
  await expect(grid.locator(".file-name")).toHaveText(["Keep me"]);
  const trashed = await (
    await page.request.get(`/drive/v1/files?filters=${encodeURIComponent('{"trashed":{"eq":true}}')}`)
  ).json();
  expect(trashed.files.map((f: { name: string }) => f.name)).toEqual(["Keep me"]);
});

test("screenshots of a trashed folder, 1440×900 and 390×844, light and dark", async ({
  browser,
  baseURL,
}) => {
  test.setTimeout(120_000);
  mkdirSync(DIR, { recursive: true });
  const seedContext = await browser.newContext({ baseURL, userAgent: PERSON_USER_AGENT });
  const seedPage = await seedContext.newPage();
  await signUpInBrowser(seedPage);
  const project = await createFolder(seedPage, "Website redesign 2024");
  const assets = await createFolder(seedPage, "assets", project.id);
  await createFolder(seedPage, "drafts", project.id);
  for (const [name, size] of [
    ["brief.pdf", 120_000],
    ["moodboard.png", 480_000],
    ["notes.txt", 2_000],
    ["budget.xlsx", 36_000],
  ] as const)
    await uploadFile(seedPage, name, Buffer.alloc(size, name), project.id);
  await uploadFile(seedPage, "logo.svg", Buffer.from("<svg/>"), assets.id);
  await trash(seedPage, [project.id]);
  const cookies = await seedContext.cookies();
  await seedContext.close();

  for (const viewport of SCREEN_SIZES)
    for (const theme of THEMES) {
      const context = await themedContext(browser, baseURL ?? "", viewport, theme, { cookies });
      const page = await context.newPage();
      const errors = pageErrors(page, { console: true });
      await page.goto(`/drive/trash?parent_id=${assets.id}&root=${project.id}&view=list`, {
        waitUntil: "networkidle",
      });
      await expect(page.getByRole("heading", { level: 1, name: "assets" })).toBeVisible();
      await page.goto(`/drive/trash?parent_id=${project.id}&root=${project.id}&view=list`, {
        waitUntil: "networkidle",
      });
      await expect(page.getByRole("note")).toBeVisible();
      await expect(page.locator(".file-item").first()).toBeVisible();
      await settled(page);
      const size = `${viewport.width}x${viewport.height}-${theme}`;
      await page.screenshot({ path: new URL(`drive-trash-folder-${size}.png`, DIR).pathname });
      expect(errors, "no script errors (hydration included)").toEqual([]);
      await context.close();
    }
});
