import { createFolder, skipGuide, uploadFile } from "./support/drive.js";
import { expect, test } from "./support/fixtures.js";
import { signUpInBrowser, WEB_CLIENT_HEADERS } from "./support/session.js";

// Names are shown isolated (<bdi>), so a right-to-left name cannot reorder what is around
// it: in the file list, the heading and breadcrumbs of a folder, the preview title and a
// toast. Names with bidi controls or zero-width characters are refused outright.

const REPORTS = "تقارير ٢٠٢٦";
const NOTE = "ملاحظة.txt";

test.beforeEach(async ({ page }) => {
  await skipGuide(page);
});

test("right-to-left names are isolated wherever they are shown", async ({ page }) => {
  await signUpInBrowser(page);
  const folder = await createFolder(page, REPORTS);
  await uploadFile(page, NOTE, Buffer.from("note"), folder.id);

  const refused = await page.request.post("/drive/v1/files", {
    headers: WEB_CLIENT_HEADERS,
    data: { kind: "drive#folder", name: "invoice\u202efdp.exe", parent_id: "" },
  });
  expect(refused.status()).toBe(400);
  expect((await refused.json()).error).toBe("file_name_invalid");

  await page.goto("/drive/all?view=list");
  const grid = page.getByRole("grid");
  await expect(grid.locator(".file-name bdi")).toHaveText([REPORTS]);

  await grid.locator(".file-item", { hasText: REPORTS }).dblclick();
  await expect(page.getByRole("heading", { level: 1 }).locator("bdi")).toHaveText(REPORTS);
  await expect(grid.locator(".file-name bdi")).toHaveText([NOTE]);

  await grid.locator(".file-item", { hasText: NOTE }).dblclick();
  await expect(page.locator("#preview-title bdi")).toHaveText(NOTE);
  await page.keyboard.press("Escape");

  await grid.locator(".file-item", { hasText: NOTE }).click();
  await grid.press("F2");
  const input = page.getByRole("textbox", { name: "New name" });
  await input.fill(`جديد ${NOTE}`);
  await input.press("Enter");
  const toast = page.locator(".toast", { hasText: "Renamed to" });
  await expect(toast.locator("bdi")).toHaveText(`جديد ${NOTE}`);
  await expect(toast).toContainText(`Renamed to “جديد ${NOTE}”`);
});
