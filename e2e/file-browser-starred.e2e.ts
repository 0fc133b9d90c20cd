import { PERSON_USER_AGENT } from "./support/chromium.js";
import { createFolder, skipGuide, uploadFile } from "./support/drive.js";
import { drivePost, screenshotsOf } from "./support/file-browser.js";
import { catalogue, expect, test } from "./support/fixtures.js";
import { signUpInBrowser } from "./support/session.js";

// The Starred view: a sidebar entry, /drive/starred listing every starred item of the
// drive with the folder it lives in, and unstarring there takes the item off the list.
// Screenshots: test-results/screenshots/file-browser-starred-<w>x<h>-<theme>.png.

const en = catalogue("en-US");

test.beforeEach(async ({ page }) => {
  await skipGuide(page);
});

test("star from the list, find it under Starred with its folder, unstar it there", async ({ page }) => {
  await signUpInBrowser(page);
  const work = await createFolder(page, "Work");
  const plan = await uploadFile(page, "plan.txt", Buffer.from("plan"), work.id);
  await uploadFile(page, "other.txt", Buffer.from("other"));
  await drivePost(page, "/drive/v1/files:star", { ids: [plan.id] });

  await page.goto("/drive/all?view=list");
  const grid = page.getByRole("grid");
  const row = (name: string) =>
    grid.locator(".file-item").filter({ has: page.locator(".file-name", { hasText: name }) });
  await row("Work").click({ button: "right" });
  await page.getByRole("menuitem", { name: "Add star" }).click();
  await expect(page.getByText("Star added to 1 item")).toBeVisible();

  await page
    .getByRole("navigation", { name: "Drive sections" })
    .getByRole("link", { name: "Starred" })
    .click();
  await expect(page).toHaveURL(/\/drive\/starred$/);
  await expect(page.getByRole("heading", { level: 1, name: "Starred" })).toBeVisible();
  await expect(grid.locator(".name-text")).toHaveText(["Work", "plan.txt"]);
  await expect(row("other.txt")).toHaveCount(0);
  // Where each one lives, and the way there.
  const where = row("plan.txt").locator(".file-location");
  await expect(where).toHaveText(`${en["files.root"]} › Work`);
  await expect(row("Work").locator(".file-location")).toHaveText(en["files.root"] ?? "");

  // Unstar from the Starred view: it leaves the list (and stays unstarred after a reload).
  await row("plan.txt").click({ button: "right" });
  await page.getByRole("menuitem", { name: "Remove star" }).click();
  await expect(row("plan.txt")).toHaveCount(0);
  await page.reload();
  await expect(grid.locator(".name-text")).toHaveText(["Work"]);
  await row("Work").click({ button: "right" });
  await page.getByRole("menuitem", { name: "Remove star" }).click();
  await expect(page.getByRole("heading", { name: "No starred items yet" })).toBeVisible();

  // The location link opens the folder.
  await drivePost(page, "/drive/v1/files:star", { ids: [plan.id] });
  await page.reload();
  await row("plan.txt").locator(".file-location").click();
  await expect(page).toHaveURL(new RegExp(`/drive/all\\?parent_id=${work.id}`));
  await expect(page.getByRole("heading", { level: 1, name: "Work" })).toBeVisible();
});

test("screenshots of Starred, 1440×900 and 390×844, light and dark", async ({ browser, baseURL }) => {
  test.setTimeout(120_000);
  const seedContext = await browser.newContext({ baseURL, userAgent: PERSON_USER_AGENT });
  const seed = await seedContext.newPage();
  await signUpInBrowser(seed);
  const projects = await createFolder(seed, "Projects");
  const taxes = await createFolder(seed, "Taxes 2025", projects.id);
  const ids = [
    projects.id,
    (
      await uploadFile(
        seed,
        "quarterly-financial-report-final-version-approved.pdf",
        Buffer.alloc(90_000, 1),
        taxes.id,
      )
    ).id,
    (await uploadFile(seed, "holiday-photo.jpg", Buffer.alloc(40_000, 2))).id,
    (await uploadFile(seed, "meeting-notes.txt", Buffer.from("notes"), projects.id)).id,
  ];
  await drivePost(seed, "/drive/v1/files:star", { ids });
  const cookies = await seedContext.cookies();
  await seedContext.close();
  await screenshotsOf(
    browser,
    baseURL ?? "",
    cookies,
    "file-browser-starred",
    "/drive/starred?view=list",
    async (page) => {
      await expect(page.locator(".file-location")).toHaveCount(4, { timeout: 15_000 });
      await expect(page.locator(".file-item")).toHaveCount(4);
    },
  );
});
