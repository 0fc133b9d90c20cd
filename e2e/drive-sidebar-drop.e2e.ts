import { createFolder, skipGuide, uploadFile } from "./support/drive.js";
import { expect, test } from "./support/fixtures.js";
import { signUpInBrowser } from "./support/session.js";

// Dragging selected items onto the sidebar's "All files" moves them to the root through
// the list's own move: they leave the folder at once, the notice offers Undo, and Undo
// puts them back.

test.beforeEach(async ({ page }) => {
  await skipGuide(page);
});

test("drop a selection onto All files in the sidebar, then undo", async ({ page }) => {
  await signUpInBrowser(page);
  const inbox = await createFolder(page, "Inbox");
  for (const name of ["a.txt", "b.txt", "c.txt"]) await uploadFile(page, name, Buffer.from(name), inbox.id);
  const names = async (parentId: string) =>
    (
      (await (await page.request.get(`/drive/v1/files?parent_id=${parentId}&order=NAME_ASC`)).json()) as {
        files: { name: string }[];
      }
    ).files.map((f) => f.name);

  await page.goto(`/drive/all?parent_id=${inbox.id}&view=list`);
  const grid = page.getByRole("grid");
  const row = (name: string) => grid.locator(".file-item", { hasText: name });
  await row("a.txt").click();
  await row("b.txt").click({ modifiers: ["Control"] });
  const allFiles = page.getByRole("complementary").getByRole("link", { name: "My Drive" });
  await row("a.txt").dragTo(allFiles);

  // Optimistic: gone from the folder at once; the notice names the sidebar's entry.
  await expect(row("a.txt")).toHaveCount(0);
  await expect(row("b.txt")).toHaveCount(0);
  await expect(row("c.txt")).toBeVisible();
  await expect(page.getByText("2 items moved to “My Drive”")).toBeVisible();
  expect(await names("")).toEqual(["Inbox", "a.txt", "b.txt"]);

  // Undo puts both back where they were.
  await page.getByRole("button", { name: "Undo" }).click();
  await expect(row("a.txt")).toBeVisible();
  await expect(row("b.txt")).toBeVisible();
  await expect(grid.locator(".file-name")).toHaveCount(3);
  expect(await names("")).toEqual(["Inbox"]);
  expect(await names(inbox.id)).toEqual(["a.txt", "b.txt", "c.txt"]);
});
