import { mkdirSync } from "node:fs";
import type { Browser } from "@playwright/test";
import { PERSON_USER_AGENT } from "./support/chromium.js";
import { createFolder, uploadFile } from "./support/drive.js";
import { expect, settled, test } from "./support/fixtures.js";
import { GENERATOR } from "./support/generator.js";
import { gradientPng } from "./support/png.js";
import { signUpInBrowser, WEB_CLIENT_HEADERS } from "./support/session.js";
import { pageErrors, SCREEN_SIZES, THEMES, themedContext } from "./support/themed-context.js";

// Screenshots of every drive page with real content, at 1440×900 and 390×844, light
// and dark: test-results/screenshots/drive-<page>-<width>x<height>-<theme>.png.
const DIR = new URL("../test-results/screenshots/", import.meta.url);

test.beforeAll(() => mkdirSync(DIR, { recursive: true }));
test.describe.configure({ timeout: 120_000 });

/** One account with a drive that looks lived in; its cookies for the screenshot contexts. */
async function seed(browser: Browser, baseURL: string) {
  const context = await browser.newContext({ userAgent: PERSON_USER_AGENT, baseURL });
  const page = await context.newPage();
  await signUpInBrowser(page);
  const photos = await createFolder(page, "Photos");
  for (const name of ["Documents", "Music", "Projects"]) await createFolder(page, name);
  const colours: [string, number[], number[]][] = [
    ["sunset.png", [255, 120, 60], [90, 40, 160]],
    ["beach.png", [40, 170, 220], [250, 220, 150]],
    ["forest.png", [20, 90, 40], [170, 220, 120]],
  ];
  for (const [name, from, to] of colours) await uploadFile(page, name, gradientPng(480, 360, from, to));
  for (const [name, from, to] of colours)
    await uploadFile(page, `trip-${name}`, gradientPng(400, 300, to, from), photos.id);
  const files: [string, number][] = [
    ["Quarterly report.pdf", 182_000],
    ["notes.txt", 2_400],
    ["budget-2025.xlsx", 48_000],
    ["podcast-episode-12.mp3", 320_000],
    ["holiday-video.mp4", 640_000],
    ["backup.zip", 96_000],
  ];
  const ids: Record<string, string> = {};
  for (const [name, size] of files) ids[name] = (await uploadFile(page, name, Buffer.alloc(size, name))).id;
  const old = await uploadFile(page, "old-draft.txt", Buffer.from("draft"));
  const scans = await createFolder(page, "Old scans");
  await page.request.post("/drive/v1/files:star", {
    headers: WEB_CLIENT_HEADERS,
    data: { ids: [ids["notes.txt"]] },
  });
  await page.request.post("/drive/v1/files:batchTrash", {
    headers: WEB_CLIENT_HEADERS,
    data: { ids: [old.id, scans.id] },
  });
  const cookies = await context.cookies();
  await context.close();
  return { cookies, photosId: photos.id };
}

for (const viewport of SCREEN_SIZES) {
  test(
    `drive pages at ${viewport.width}×${viewport.height}, light and dark`,
    GENERATOR,
    async ({ browser, baseURL }) => {
      const { cookies, photosId } = await seed(browser, baseURL ?? "");
      const pages = [
        { name: "all-grid", path: "/drive/all?view=grid" },
        { name: "all-list", path: "/drive/all?view=list" },
        { name: "folder", path: `/drive/all?parent_id=${photosId}&view=grid` },
        { name: "photo-flow", path: "/drive/all?view=flow" },
        { name: "recent", path: "/drive/recent?view=list" },
        { name: "trash", path: "/drive/trash?view=list" },
        { name: "search", path: "/drive/all?action=search&keyword=re&view=list" },
        { name: "selection", path: "/drive/all?view=list", select: true },
        { name: "storage-dialog", path: "/drive/all?action=show_storage_dialog" },
        { name: "feedback", path: "/drive/feedback" },
      ];
      for (const theme of THEMES) {
        const context = await themedContext(browser, baseURL ?? "", viewport, theme, { cookies });
        const page = await context.newPage();
        // Hydration mismatches (server rows vs. the browser's first render) surface as console errors.
        const errors = pageErrors(page, { console: true });
        for (const entry of pages) {
          await page.goto(entry.path, { waitUntil: "networkidle" });
          if (entry.name !== "feedback" && entry.name !== "storage-dialog")
            await expect(page.locator(".file-item").first()).toBeVisible();
          if (entry.select) {
            const items = page.locator(".file-item");
            await items.nth(4).locator(".item-check").click();
            await items.nth(5).locator(".item-check").click();
            await expect(page.getByRole("toolbar", { name: "Selected items" })).toBeVisible();
          }
          await settled(page);
          const file = new URL(`drive-${entry.name}-${viewport.width}x${viewport.height}-${theme}.png`, DIR);
          await page.screenshot({ path: file.pathname });
        }
        expect(errors, "no script errors (hydration included)").toEqual([]);
        await context.close();
      }
    },
  );
}
