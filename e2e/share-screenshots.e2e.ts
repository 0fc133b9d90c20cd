import { mkdirSync } from "node:fs";
import type { Browser, Page } from "@playwright/test";
import { PERSON_USER_AGENT } from "./support/chromium.js";
import { createFolder, uploadFile } from "./support/drive.js";
import { catalogue, expect, test } from "./support/fixtures.js";
import { GENERATOR } from "./support/generator.js";
import { signUpInBrowser, WEB_CLIENT_HEADERS } from "./support/session.js";
import { pageErrors, SCREEN_SIZES, THEMES, themedContext } from "./support/themed-context.js";

// Screenshots of the share page's main states, the share dialog and "My shares" at
// 1440×900 and 390×844, light and dark, for people to look at:
// test-results/screenshots/share-<state>-<width>x<height>-<theme>.png (gitignored).

const en = catalogue("en-US");
const DIR = new URL("../test-results/screenshots/", import.meta.url);

interface Fixture {
  storage: Awaited<ReturnType<import("@playwright/test").BrowserContext["storageState"]>>;
  publicShare: string;
  protectedShare: string;
  cancelledShare: string;
  folderId: string;
}

async function share(page: Page, body: Record<string, unknown>): Promise<string> {
  const response = await page.request.post("/drive/v1/share", { headers: WEB_CLIENT_HEADERS, data: body });
  expect(response.ok(), await response.text()).toBe(true);
  return ((await response.json()) as { share_id: string }).share_id;
}

async function seed(browser: Browser, baseURL: string): Promise<Fixture> {
  const context = await browser.newContext({ baseURL, userAgent: PERSON_USER_AGENT });
  const page = await context.newPage();
  await signUpInBrowser(page);
  const holiday = await createFolder(page, "Holiday 2025");
  const inside = await createFolder(page, "Beach day", holiday.id);
  await createFolder(page, "Museum", holiday.id);
  for (const [name, size] of [
    ["itinerary.pdf", 180_000],
    ["packing list.txt", 2_400],
    ["sunset.mp4", 420_000],
    ["waves.mp3", 96_000],
    ["group photo.jpg", 240_000],
  ] as const)
    await uploadFile(page, name, Buffer.alloc(size, name), holiday.id);
  await uploadFile(page, "shells.jpg", Buffer.alloc(1000, 1), inside.id);
  const publicShare = await share(page, {
    file_ids: [holiday.id],
    title: "Holiday 2025",
    expiration_days: 30,
  });
  const protectedShare = await share(page, {
    file_ids: [holiday.id],
    pass_code_option: "REQUIRED",
    pass_code: "Sea1",
    title: "Family photos",
    restore_limit: 10,
  });
  const cancelledShare = await share(page, { file_ids: [inside.id], title: "Old link" });
  await page.request.post("/drive/v1/share:batchDelete", {
    headers: WEB_CLIENT_HEADERS,
    data: { ids: [cancelledShare] },
  });
  const storage = await context.storageState();
  await context.close();
  return { storage, publicShare, protectedShare, cancelledShare, folderId: holiday.id };
}

test.beforeAll(() => mkdirSync(DIR, { recursive: true }));

for (const viewport of SCREEN_SIZES) {
  test(
    `share pages at ${viewport.width}×${viewport.height}, light and dark`,
    GENERATOR,
    async ({ browser, baseURL }, testInfo) => {
      // Two themes of a dozen full-page shots each: about two minutes on a loaded CI machine.
      test.setTimeout(300_000);
      const fixture = await seed(browser, baseURL ?? "");
      for (const theme of THEMES) {
        const open = async (signedIn: boolean) => {
          const context = await themedContext(
            browser,
            baseURL ?? "",
            viewport,
            theme,
            signedIn ? { storageState: fixture.storage } : {},
          );
          const page = await context.newPage();
          return { context, page, errors: pageErrors(page) };
        };
        const shot = async (page: Page, state: string, errors: string[]) => {
          const file = new URL(`share-${state}-${viewport.width}x${viewport.height}-${theme}.png`, DIR);
          const image = await page.screenshot({ path: file.pathname, fullPage: true });
          await testInfo.attach(`${state}-${theme}`, { body: image, contentType: "image/png" });
          const overflow = await page.evaluate(
            () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
          );
          expect(overflow, `${state} wider than the viewport`).toBeLessThanOrEqual(0);
          expect(errors, `${state}: no script errors`).toEqual([]);
        };

        // Anonymous visitor: list, folder inside, passcode form, cancelled and unknown links.
        const visitor = await open(false);
        await visitor.page.goto(`/s/${fixture.publicShare}`);
        await expect(visitor.page.getByRole("heading", { name: "Holiday 2025" })).toBeVisible();
        await shot(visitor.page, "list", visitor.errors);
        await visitor.page.getByRole("link", { name: "Holiday 2025" }).click();
        await expect(visitor.page.getByRole("link", { name: "Beach day" })).toBeVisible();
        await visitor.page.getByRole("checkbox", { name: /itinerary/ }).check();
        await shot(visitor.page, "folder-selected", visitor.errors);
        await visitor.page.getByRole("button", { name: "packing list.txt" }).click();
        await expect(visitor.page.getByRole("dialog")).toBeVisible();
        await shot(visitor.page, "preview", visitor.errors);
        await visitor.page.goto(`/s/${fixture.protectedShare}`);
        await expect(visitor.page.getByRole("heading", { name: en["shares.passcode.title"] })).toBeVisible();
        await shot(visitor.page, "passcode", visitor.errors);
        await visitor.page.getByRole("textbox", { name: en["shares.passcode.label"] }).fill("nope1");
        await visitor.page.getByRole("button", { name: en["shares.passcode.submit"] }).click();
        await expect(visitor.page.getByRole("alert")).toBeVisible();
        await shot(visitor.page, "passcode-error", visitor.errors);
        await visitor.page.goto(`/s/${fixture.cancelledShare}`);
        await expect(
          visitor.page.getByRole("heading", { name: en["shares.status.deleted.title"] }),
        ).toBeVisible();
        await shot(visitor.page, "deleted", visitor.errors);
        await visitor.page.goto("/s/no-such-share");
        await expect(
          visitor.page.getByRole("heading", { name: en["shares.status.notFound.title"] }),
        ).toBeVisible();
        await shot(visitor.page, "not-found", visitor.errors);
        await visitor.context.close();

        // The owner: the folder picker on the share page, the share dialog, My shares.
        const owner = await open(true);
        await owner.page.goto(`/s/${fixture.publicShare}`);
        await owner.page.getByRole("button", { name: en["shares.saveAll"] }).click();
        await expect(owner.page.getByRole("dialog")).toBeVisible();
        await shot(owner.page, "folder-picker", owner.errors);
        await owner.page.goto("/drive/all");
        const dialog = owner.page.getByRole("dialog");
        await expect(async () => {
          await owner.page.evaluate((id) => {
            window.dispatchEvent(new CustomEvent("nimbus:share", { detail: { fileIds: [id] } }));
          }, fixture.folderId);
          await expect(dialog).toBeVisible({ timeout: 1000 });
        }).toPass();
        await shot(owner.page, "dialog", owner.errors);
        await dialog.getByRole("button", { name: en["shares.dialog.create"] }).click();
        await expect(dialog.getByTestId("share-text")).toBeVisible();
        await shot(owner.page, "dialog-created", owner.errors);
        await owner.page.goto("/drive/shares");
        await expect(owner.page.locator(`tr[data-share-id="${fixture.protectedShare}"]`)).toBeVisible();
        await shot(owner.page, "my-shares", owner.errors);
        await owner.context.close();
      }
    },
  );
}
