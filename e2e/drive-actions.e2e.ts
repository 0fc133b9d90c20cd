import { seriousViolations } from "./support/axe.js";
import { createFolder, skipGuide, uploadFile } from "./support/drive.js";
import { expect, hydrated, test } from "./support/fixtures.js";
import { signUpInBrowser } from "./support/session.js";
import { linkedTimes } from "./support/styles.js";

// Organizing as a new user would: new folder, rename inline, move and copy with the
// folder picker, drag-and-drop onto a folder, star, trash with undo, restore, delete
// forever, empty trash (confirmed), download one file and compare its bytes, several as a zip.

test.beforeEach(async ({ page }) => {
  await skipGuide(page);
});

test("new folder, rename, move, copy, drag-and-drop and star", async ({ page }) => {
  await signUpInBrowser(page);
  const archive = await createFolder(page, "Archive");
  await uploadFile(page, "draft.txt", Buffer.from("draft"));
  await uploadFile(page, "photo.txt", Buffer.from("photo"));
  await uploadFile(page, "drag-me.txt", Buffer.from("drag"));

  await page.goto("/drive/all?view=list");
  const grid = page.getByRole("grid");
  const row = (name: string) => grid.locator(".file-item", { hasText: name });
  await expect(row("draft.txt")).toBeVisible();

  // New folder. The first dialog loads its chunk, whose stylesheets Vite links after the page's:
  // the list stays where it is, and the root stylesheet is not linked a second time (0086).
  const firstRowTop = () =>
    grid
      .locator(".file-item")
      .first()
      .evaluate((item) => item.getBoundingClientRect().top);
  const topBefore = await firstRowTop();
  const sortMenuWidth = async () => {
    await page.getByRole("button", { name: /Modified \(newest first\)/ }).click();
    const width = await page.getByRole("menu", { name: "Sort by" }).evaluate((menu) => menu.clientWidth);
    await page.keyboard.press("Escape");
    return width;
  };
  const sortWidthBefore = await sortMenuWidth();
  await page.getByRole("button", { name: "New folder" }).click();
  const dialog = page.getByRole("dialog", { name: "New folder" });
  await expect(dialog).toBeVisible();
  expect(await firstRowTop()).toBe(topBefore);
  expect(await linkedTimes(page, /\/assets\/shell-[\w-]+\.css$/)).toBe(1);
  await dialog.getByLabel("Folder name").fill("Projects");
  await dialog.getByRole("button", { name: "Create" }).click();
  await expect(row("Projects")).toBeVisible();
  await expect(page.getByText("Folder “Projects” created")).toBeVisible();
  expect(await sortMenuWidth()).toBe(sortWidthBefore);

  // Rename inline (F2), keeping the extension's place.
  await row("draft.txt").click();
  await grid.press("F2");
  const input = page.getByRole("textbox", { name: "New name" });
  await input.fill("final.txt");
  await input.press("Enter");
  await expect(row("final.txt")).toBeVisible();
  await expect(page.getByText("Renamed to “final.txt”")).toBeVisible();

  // Move with the folder picker from the selection bar.
  await row("final.txt").click();
  await page
    .getByRole("toolbar", { name: "Selected items" })
    .getByRole("button", { name: "Move", exact: true })
    .click();
  const picker = page.getByRole("dialog", { name: /Move .*to/ });
  await picker.getByRole("button", { name: "Archive" }).click();
  await picker.getByRole("button", { name: "Move here" }).click();
  await expect(row("final.txt")).toHaveCount(0);
  await expect(page.getByText("1 item moved to “Archive”")).toBeVisible();

  // Copy from the context menu.
  await row("photo.txt").click({ button: "right" });
  await page.getByRole("menuitem", { name: "Make a copy" }).click();
  const copyPicker = page.getByRole("dialog", { name: "Copy to…" });
  await copyPicker.getByRole("button", { name: "Projects" }).click();
  await copyPicker.getByRole("button", { name: "Copy here" }).click();
  await expect(page.getByText("1 item copied to “Projects”")).toBeVisible();

  // Drag onto a folder.
  await row("drag-me.txt").dragTo(row("Archive"));
  await expect(row("drag-me.txt")).toHaveCount(0);

  // Star from the ⋮ menu.
  await row("photo.txt").getByRole("button", { name: "More actions for photo.txt" }).click();
  await page.getByRole("menuitem", { name: "Add star" }).click();
  await expect(row("photo.txt").locator(".starred")).toBeVisible();

  await page.goto(`/drive/all?parent_id=${archive.id}`);
  await expect(grid.locator(".file-name")).toHaveText(["drag-me.txt", "final.txt"]);
  await page.goto("/drive/all");
  await row("Projects").dblclick();
  await expect(row("photo.txt")).toBeVisible();
});

test("trash with undo, restore, delete forever and empty trash", async ({ page }) => {
  await signUpInBrowser(page);
  for (const name of ["one.txt", "two.txt", "three.txt"]) await uploadFile(page, name, Buffer.from(name));
  await page.goto("/drive/all?view=list");
  await hydrated(page);
  const grid = page.getByRole("grid");
  const row = (name: string) => grid.locator(".file-item", { hasText: name });

  // Delete key trashes; Undo puts it back.
  await row("one.txt").click();
  await grid.press("Delete");
  await expect(row("one.txt")).toHaveCount(0);
  await page.getByRole("button", { name: "Undo" }).click();
  await expect(row("one.txt")).toBeVisible();

  // Trash two, restore one from the trash, delete the other forever.
  await row("one.txt").click();
  await row("two.txt").click({ modifiers: ["Control"] });
  await page
    .getByRole("toolbar", { name: "Selected items" })
    .getByRole("button", { name: "Move to trash" })
    .click();
  await expect(page.getByText("2 items moved to Trash")).toBeVisible();
  await page.getByRole("link", { name: "Trash" }).click();
  await expect(grid.locator(".file-name")).toHaveCount(2);
  await row("one.txt").click({ button: "right" });
  await page.getByRole("menuitem", { name: "Restore" }).click();
  await expect(row("one.txt")).toHaveCount(0);
  await row("two.txt").click();
  await grid.press("Delete");
  const confirm = page.getByRole("dialog", { name: /Delete .*forever/ });
  await confirm.getByRole("button", { name: "Delete forever" }).click();
  await expect(page.getByText("The trash is empty")).toBeVisible();

  // Empty trash asks first.
  await page.goto("/drive/all");
  await hydrated(page);
  await row("three.txt").click();
  await grid.press("Delete");
  // The trash call must land before the page moves on, or the trash is still empty.
  await expect(page.getByText(/moved to Trash/)).toBeVisible();
  await page.goto("/drive/trash");
  await hydrated(page);
  await page.getByRole("button", { name: "Empty trash" }).click();
  await page
    .getByRole("dialog", { name: "Empty the trash?" })
    .getByRole("button", { name: "Empty trash" })
    .click();
  await expect(page.getByRole("heading", { name: "The trash is empty" })).toBeVisible();
  await page.goto("/drive/all");
  await expect(row("one.txt")).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);
});

test("download a file and compare its bytes; several as a zip", async ({ page }) => {
  await signUpInBrowser(page);
  const bytes = Buffer.from(Array.from({ length: 70_000 }, (_, i) => (i * 31) % 256));
  await uploadFile(page, "data.bin", bytes);
  await uploadFile(page, "readme.txt", Buffer.from("hello"));
  await page.goto("/drive/all?view=list");
  const grid = page.getByRole("grid");
  const row = (name: string) => grid.locator(".file-item", { hasText: name });

  await row("data.bin").click({ button: "right" });
  const download = page.waitForEvent("download");
  await page.getByRole("menuitem", { name: "Download" }).click();
  const file = await download;
  expect(file.suggestedFilename()).toBe("data.bin");
  const { readFile } = await import("node:fs/promises");
  expect(Buffer.compare(await readFile(await file.path()), bytes)).toBe(0);

  await row("data.bin").click();
  await row("readme.txt").click({ modifiers: ["Control"] });
  const zipDownload = page.waitForEvent("download");
  await page
    .getByRole("toolbar", { name: "Selected items" })
    .getByRole("button", { name: "Download" })
    .click();
  const zip = await zipDownload;
  expect(zip.suggestedFilename()).toMatch(/\.zip$/);
  const zipBytes = await readFile(await zip.path());
  expect(zipBytes.subarray(0, 2).toString()).toBe("PK");
  expect(zipBytes.includes(bytes)).toBe(true);

  // Copy link gives the signed download link.
  await page.context().grantPermissions(["clipboard-read", "clipboard-write"]);
  await row("readme.txt").click();
  await row("readme.txt").click({ button: "right" });
  await page.getByRole("menuitem", { name: "Copy link" }).click();
  await expect(page.getByText("Link copied")).toBeVisible();
  const link = await page.evaluate(() => navigator.clipboard.readText());
  expect(link).toContain("/drive/v1/download/");
  expect((await (await page.request.get(link)).body()).toString()).toBe("hello");
});
