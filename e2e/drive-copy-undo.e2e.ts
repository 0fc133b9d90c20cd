import { createFolder, skipGuide, uploadFile } from "./support/drive.js";
import { expect, test } from "./support/fixtures.js";
import { signUpInBrowser } from "./support/session.js";

// A finished copy's notice offers Undo, which deletes for good exactly the copies the
// copy made (the ids the server answered), folders with their content; the originals
// stay, nothing lands in the trash and the storage used goes back.

test.beforeEach(async ({ page }) => {
  await skipGuide(page);
});

test("copy a file and a folder, then undo the copy", async ({ page }) => {
  await signUpInBrowser(page);
  const src = await createFolder(page, "Src");
  await uploadFile(page, "inner.txt", Buffer.alloc(3_000, "i"), src.id);
  await uploadFile(page, "report.txt", Buffer.alloc(5_000, "r"));
  const dest = await createFolder(page, "Dest");
  // An item with the copy's name already there: the copy gets "report (1).txt", and Undo must not touch this one.
  await uploadFile(page, "report.txt", Buffer.from("keep"), dest.id);
  const json = async (url: string) => (await page.request.get(url)).json();
  const names = async (parentId: string) =>
    (
      (await json(`/drive/v1/files?parent_id=${parentId}&order=NAME_ASC`)) as { files: { name: string }[] }
    ).files.map((f) => f.name);
  const usage = async () => ((await json("/drive/v1/about")) as { quota: { usage: string } }).quota.usage;
  const before = await usage();

  await page.goto("/drive/all?view=list");
  const grid = page.getByRole("grid");
  const row = (name: string) => grid.locator(".file-item", { hasText: name });
  await row("Src").click();
  await row("report.txt").click({ modifiers: ["Control"] });
  await row("report.txt").click({ button: "right" });
  await page.getByRole("menuitem", { name: "Make a copy" }).click();
  const picker = page.getByRole("dialog", { name: "Copy to…" });
  await picker.getByRole("button", { name: "Dest" }).click();
  await picker.getByRole("button", { name: "Copy here" }).click();
  const toast = page.locator(".toast", { hasText: "2 items copied to “Dest”" });
  await expect(toast).toBeVisible();
  expect(await names(dest.id)).toEqual(["Src", "report (1).txt", "report.txt"]);
  expect(await usage()).not.toBe(before);

  await toast.getByRole("button", { name: "Undo" }).click();
  await expect(toast).toHaveCount(0);
  await expect.poll(() => names(dest.id)).toEqual(["report.txt"]);
  expect(await names(src.id)).toEqual(["inner.txt"]);
  expect(await names("")).toEqual(["Dest", "Src", "report.txt"]);
  const trashed = await json(`/drive/v1/files?filters=${encodeURIComponent('{"trashed":{"eq":true}}')}`);
  expect(trashed.files).toEqual([]);
  // Only the one kept file (4 bytes) is in Dest, as before the copy.
  expect(await usage()).toBe(before);
});
