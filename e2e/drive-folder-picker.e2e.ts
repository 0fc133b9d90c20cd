import { mkdirSync } from "node:fs";
import type { Locator, Page } from "@playwright/test";
import { seriousViolations } from "./support/axe.js";
import { PERSON_USER_AGENT } from "./support/chromium.js";
import { createFolder, skipGuide, uploadFile } from "./support/drive.js";
import { catalogue, expect, settled, test } from "./support/fixtures.js";
import { signUpInBrowser, WEB_CLIENT_HEADERS } from "./support/session.js";
import { pageErrors, SCREEN_SIZES, THEMES, themedContext } from "./support/themed-context.js";

/** The picker's spoken announcement (a loading line beside it is a status too, while a folder loads). */
const announcement = (picker: Locator) => picker.locator(".visually-hidden[role=status]");

// The one folder picker (move/copy in the drive, "save to my drive" on a share page)
// by keyboard alone: focus lands in the folder list, arrow keys move, ArrowRight/Enter
// enter a folder, ArrowLeft goes up, Tab stays inside the dialog, Escape cancels and
// focus goes back. Screenshots at 1440×900 and 390×844, light and dark:
// test-results/screenshots/picker-<caller>-<width>x<height>-<theme>.png.

const en = catalogue("en-US");
const DIR = new URL("../test-results/screenshots/", import.meta.url);

test.beforeEach(async ({ page }) => {
  await skipGuide(page);
});

const focusedText = (page: Page) => page.evaluate(() => document.activeElement?.textContent?.trim() ?? "");
const focusInDialog = (page: Page) => page.evaluate(() => Boolean(document.activeElement?.closest("dialog")));

test("move by keyboard: arrows, enter and leave folders, focus trap, Escape", async ({ page }) => {
  await signUpInBrowser(page);
  const alpha = await createFolder(page, "Alpha");
  await createFolder(page, "Inner", alpha.id);
  await createFolder(page, "Beta");
  await createFolder(page, "Gamma");
  await uploadFile(page, "note.txt", Buffer.from("note"));

  await page.goto("/drive/all?view=list");
  const grid = page.getByRole("grid");
  const row = (name: string) => grid.locator(".file-item", { hasText: name });
  await row("note.txt").click();
  const bar = page.getByRole("toolbar", { name: "Selected items" });
  const moveButton = bar.getByRole("button", { name: "Move", exact: true });
  await moveButton.click();

  const picker = page.getByRole("dialog", { name: /Move .*to/ });
  await expect(picker).toBeVisible();
  const list = picker.getByRole("list", { name: "Folders in “My Drive”" });
  await expect(list.getByRole("button", { name: "Alpha" })).toBeFocused();
  await expect(announcement(picker)).toHaveText("Opened “My Drive”. Folders inside: 3");

  // Arrow keys move through the folders; Home/End go to the ends.
  await page.keyboard.press("ArrowDown");
  await expect(list.getByRole("button", { name: "Beta" })).toBeFocused();
  await page.keyboard.press("End");
  await expect(list.getByRole("button", { name: "Gamma" })).toBeFocused();
  await page.keyboard.press("Home");
  await expect(list.getByRole("button", { name: "Alpha" })).toBeFocused();

  // ArrowRight enters a folder, ArrowLeft goes back up.
  await page.keyboard.press("ArrowRight");
  await expect(picker.getByRole("navigation", { name: "Folder path" }).locator("[aria-current]")).toHaveText(
    "Alpha",
  );
  await expect(picker.getByRole("button", { name: "Inner" })).toBeFocused();
  await page.keyboard.press("ArrowLeft");
  await expect(list.getByRole("button", { name: "Alpha" })).toBeFocused();

  // Tab never leaves the dialog, forwards or backwards.
  for (let i = 0; i < 8; i++) {
    await page.keyboard.press("Tab");
    expect(await focusInDialog(page)).toBe(true);
  }
  await picker.getByRole("button", { name: "Close" }).focus();
  await page.keyboard.press("Shift+Tab");
  await expect(picker.getByRole("button", { name: "Move here" })).toBeFocused();
  await page.keyboard.press("Tab");
  await expect(picker.getByRole("button", { name: "Close" })).toBeFocused();
  expect(await seriousViolations(page)).toEqual([]);

  // Escape cancels and focus goes back to the button that opened the picker.
  await page.keyboard.press("Escape");
  await expect(picker).toHaveCount(0);
  await expect(moveButton).toBeFocused();

  // Again, all by keyboard: down to Beta, Enter opens it, then "Move here".
  await moveButton.click();
  await expect(list.getByRole("button", { name: "Alpha" })).toBeFocused();
  await page.keyboard.press("ArrowDown");
  await page.keyboard.press("Enter");
  await expect(announcement(picker)).toHaveText("Opened “Beta”. Folders inside: 0");
  await expect(picker.getByText(en["files.picker.noFolders"] ?? "")).toBeVisible();
  await expect(picker.getByRole("button", { name: "Move here" })).toBeFocused();
  await page.keyboard.press("Enter");
  await expect(page.getByText("1 item moved to “Beta”")).toBeVisible();
  await expect(row("note.txt")).toHaveCount(0);

  // A folder being moved can be reached but neither entered nor chosen.
  await row("Gamma").click();
  await bar.getByRole("button", { name: "Move", exact: true }).click();
  const gamma = list.getByRole("button", { name: "Gamma" });
  await expect(gamma).toHaveAttribute("aria-disabled", "true");
  await gamma.focus();
  await page.keyboard.press("ArrowRight");
  await gamma.click({ force: true });
  await expect(picker.getByRole("navigation", { name: "Folder path" }).locator("[aria-current]")).toHaveText(
    "My Drive",
  );
  await picker.getByRole("button", { name: "Cancel" }).click();
  await expect(picker).toHaveCount(0);
});

test("save a share to my drive with the same picker, by keyboard", async ({ page }) => {
  await signUpInBrowser(page);
  const shared = await createFolder(page, "Shared stuff");
  await uploadFile(page, "photo.txt", Buffer.from("photo"), shared.id);
  const target = await createFolder(page, "Saved");
  const response = await page.request.post("/drive/v1/share", {
    headers: WEB_CLIENT_HEADERS,
    data: { file_ids: [shared.id], title: "Stuff" },
  });
  const { share_id } = (await response.json()) as { share_id: string };

  await page.goto(`/s/${share_id}`);
  const saveAll = page.getByRole("button", { name: en["shares.saveAll"] });
  await saveAll.click();
  const picker = page.getByRole("dialog", { name: /Save 1 item/ });
  await expect(picker).toBeVisible();
  const list = picker.getByRole("list", { name: "Folders in “My Drive”" });
  // Folders of my drive in name order: "Saved", then "Shared stuff".
  await expect(list.getByRole("button", { name: "Saved" })).toBeFocused();
  await page.keyboard.press("End");
  expect(await focusedText(page)).toBe("Shared stuff");
  await page.keyboard.press("Home");
  await page.keyboard.press("Enter");
  await expect(announcement(picker)).toHaveText("Opened “Saved”. Folders inside: 0");
  for (let i = 0; i < 6; i++) {
    await page.keyboard.press("Tab");
    expect(await focusInDialog(page)).toBe(true);
  }
  expect(await seriousViolations(page)).toEqual([]);
  await picker.getByRole("button", { name: en["shares.picker.saveHere"] }).click();
  await expect(page.getByTestId("save-done")).toContainText("Saved");
  const inside = await (await page.request.get(`/drive/v1/files?parent_id=${target.id}`)).json();
  expect(inside.files.map((f: { name: string }) => f.name)).toEqual(["Shared stuff"]);

  // Escape closes it and gives focus back to "Save all".
  await saveAll.click();
  await expect(picker).toBeVisible();
  await page.keyboard.press("Escape");
  await expect(picker).toHaveCount(0);
  await expect(saveAll).toBeFocused();
});

test("screenshots of both pickers, 1440×900 and 390×844, light and dark", async ({ browser, baseURL }) => {
  test.setTimeout(120_000);
  mkdirSync(DIR, { recursive: true });
  const seedContext = await browser.newContext({ baseURL, userAgent: PERSON_USER_AGENT });
  const seedPage = await seedContext.newPage();
  await signUpInBrowser(seedPage);
  const photos = await createFolder(seedPage, "Photos");
  for (const name of ["2023 — Summer in Lisbon", "2024", "Family"])
    await createFolder(seedPage, name, photos.id);
  for (const name of ["Documents", "Music", "Projects", "Receipts and invoices for the tax year"])
    await createFolder(seedPage, name);
  const file = await uploadFile(seedPage, "holiday.txt", Buffer.from("holiday"), photos.id);
  const response = await seedPage.request.post("/drive/v1/share", {
    headers: WEB_CLIENT_HEADERS,
    data: { file_ids: [photos.id], title: "Photos" },
  });
  const { share_id } = (await response.json()) as { share_id: string };
  const cookies = await seedContext.cookies();
  await seedContext.close();

  for (const viewport of SCREEN_SIZES)
    for (const theme of THEMES) {
      const context = await themedContext(browser, baseURL ?? "", viewport, theme, { cookies });
      const page = await context.newPage();
      const errors = pageErrors(page);
      const size = `${viewport.width}x${viewport.height}-${theme}`;

      // Move, opened where the file is (Photos), from the page action.
      await page.goto(`/drive/all?parent_id=${photos.id}&action=move_files&file_ids=${file.id}`);
      const move = page.getByRole("dialog", { name: /Move .*to/ });
      await expect(move.getByRole("button", { name: "Family" })).toBeVisible();
      await settled(page);
      await page.screenshot({ path: new URL(`picker-move-${size}.png`, DIR).pathname });
      await page.keyboard.press("Escape");

      // Save to my drive, from the share page.
      await page.goto(`/s/${share_id}`);
      await page.getByRole("button", { name: en["shares.saveAll"] }).click();
      const save = page.getByRole("dialog", { name: /Save 1 item/ });
      await expect(save.getByRole("button", { name: "Documents" })).toBeVisible();
      await settled(page);
      await page.screenshot({ path: new URL(`picker-save-${size}.png`, DIR).pathname });
      expect(errors).toEqual([]);
      await context.close();
    }
});
