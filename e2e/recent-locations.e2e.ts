import { createFolder, skipGuide, uploadFile } from "./support/drive.js";
import { catalogue, expect, test } from "./support/fixtures.js";
import { signUpInBrowser } from "./support/session.js";

// Issue 33, item 8: Recent gathers files from the whole drive, so each row says which folder
// it lives in; two files of the same name are told apart.
const en = catalogue("en-US");

test("Recent shows each file's folder, so two files of one name are told apart", async ({ page }) => {
  await skipGuide(page);
  await signUpInBrowser(page);
  const work = await createFolder(page, "Work");
  const home = await createFolder(page, "Home");
  await uploadFile(page, "notes.txt", Buffer.from("work notes"), work.id);
  await uploadFile(page, "notes.txt", Buffer.from("home notes"), home.id);

  for (const view of ["list", "grid"]) {
    await page.goto(`/drive/recent?view=${view}`);
    const locations = page.getByRole("grid").locator(".file-item .file-location");
    await expect(locations).toHaveText([`${en["files.root"]} › Home`, `${en["files.root"]} › Work`]);
  }
  await page.getByRole("grid").locator(".file-location").first().click();
  await expect(page.getByRole("heading", { level: 1, name: "Home" })).toBeVisible();
});
