import { randomBytes } from "node:crypto";
import { mkdirSync } from "node:fs";
import type { Browser, BrowserContext, Page } from "@playwright/test";
import { createFolder, uploadFile } from "./support/drive.js";
import { catalogue, expect, test } from "./support/fixtures.js";
import { adminRequest, signUpInBrowser, WEB_CLIENT_HEADERS } from "./support/session.js";
import { pageErrors, SCREEN_SIZES, THEMES, themedContext } from "./support/themed-context.js";

// A share an admin flagged SENSITIVE_RESOURCE: refused to a viewer without `displaySensitiveShare`
// (with a hint at the setting), shown behind a cover to one who turned it on in the account page;
// "Show" is remembered (`pp_hidden_shared_content_cover`). Screenshots of the cover, the refusal
// and the setting: test-results/screenshots/sensitive-<state>-<width>x<height>-<theme>.png (gitignored).

const en = catalogue("en-US");
const DIR = new URL("../test-results/screenshots/", import.meta.url);
const settingName = en["settings.sensitiveShares"] ?? "";

/** The owner shares a folder, then the e2e admin flags its files SENSITIVE_RESOURCE. */
async function flaggedShare(
  browser: Browser,
  baseURL: string,
): Promise<{ shareId: string; fileName: string }> {
  const context = await browser.newContext({ baseURL });
  const page = await context.newPage();
  const owner = await signUpInBrowser(page);
  const folder = await createFolder(page, "Evening shots");
  const fileName = "night-market.jpg";
  await uploadFile(page, fileName, randomBytes(2048), folder.id);
  const created = await page.request.post("/drive/v1/share", {
    headers: WEB_CLIENT_HEADERS,
    data: { file_ids: [folder.id], title: "Evening shots" },
  });
  expect(created.ok(), await created.text()).toBe(true);
  const { share_id } = (await created.json()) as { share_id: string };
  await context.close();
  const admin = await adminRequest(browser, baseURL);
  const audit = await admin.post("/audit/v1/share", {
    headers: WEB_CLIENT_HEADERS,
    data: { share_user_id: owner.userId, file_ids: [folder.id], verdict: "SENSITIVE_RESOURCE" },
  });
  expect(audit.ok(), await audit.text()).toBe(true);
  return { shareId: share_id, fileName };
}

/** Turns `displaySensitiveShare` on the way a person does: the account page's switch. */
async function turnOnSetting(page: Page): Promise<void> {
  await page.goto("/drive/account");
  const toggle = page.getByRole("checkbox", { name: settingName });
  await expect(toggle).toBeEnabled();
  await expect(toggle).not.toBeChecked();
  await toggle.check();
  await expect(page.getByText(en["settings.saved"] ?? "")).toBeVisible();
  await expect(toggle).toBeChecked();
}

test("a flagged share: refused with the setting off, behind a cover with it on, Show remembered", async ({
  browser,
  baseURL,
}) => {
  test.setTimeout(90_000);
  const { shareId, fileName } = await flaggedShare(browser, baseURL ?? "");

  // Anonymous: refused, nothing about the setting.
  const anonymous = await browser.newContext({ baseURL });
  const stranger = await anonymous.newPage();
  await stranger.goto(`/s/${shareId}`);
  await expect(
    stranger.getByRole("heading", { name: en["shares.status.sensitiveResource.title"] }),
  ).toBeVisible();
  await expect(stranger.getByText(fileName)).toHaveCount(0);
  await expect(stranger.getByRole("link", { name: en["shares.state.openSettings"] })).toHaveCount(0);
  await anonymous.close();

  // Signed in, setting off: refused, told which setting would open it.
  const context = await browser.newContext({ baseURL });
  const page = await context.newPage();
  const errors = pageErrors(page);
  await signUpInBrowser(page);
  await page.goto(`/s/${shareId}`);
  await expect(
    page.getByRole("heading", { name: en["shares.status.sensitiveResource.title"] }),
  ).toBeVisible();
  await expect(page.getByText(settingName, { exact: false })).toBeVisible();
  await page.getByRole("link", { name: en["shares.state.openSettings"] }).click();
  await expect(page).toHaveURL(/\/drive\/account/);

  await turnOnSetting(page);
  await page.goto(`/s/${shareId}`);
  const cover = page.getByRole("region", { name: en["shares.cover.title"] });
  await expect(cover).toBeVisible();
  await expect(page.getByRole("link", { name: "Evening shots" })).toHaveCount(0);
  const show = cover.getByRole("button", { name: en["shares.cover.show"] });
  await show.focus();
  await page.keyboard.press("Enter");
  await expect(cover).toHaveCount(0);
  await page.getByRole("link", { name: "Evening shots" }).click();
  await expect(page.getByText(fileName).first()).toBeVisible();

  // The cover stays off for this share after a reload.
  await page.goto(`/s/${shareId}`);
  await expect(page.getByRole("link", { name: "Evening shots" })).toBeVisible();
  await expect(page.getByRole("region", { name: en["shares.cover.title"] })).toHaveCount(0);
  const remembered = await page.evaluate(() => localStorage.getItem("pp_hidden_shared_content_cover"));
  expect(JSON.parse(remembered ?? "[]")).toContain(shareId);
  expect(errors).toEqual([]);
  await context.close();
});

test.beforeAll(() => mkdirSync(DIR, { recursive: true }));

/** A signed-in viewer's saved state, with `displaySensitiveShare` on or left off. */
async function viewerState(browser: Browser, baseURL: string, on: boolean) {
  const seeding: BrowserContext = await browser.newContext({ baseURL });
  const seeder = await seeding.newPage();
  await seeder.addInitScript(() => localStorage.setItem("pp_new_user", "init"));
  await signUpInBrowser(seeder);
  if (on) await turnOnSetting(seeder);
  const state = await seeding.storageState();
  await seeding.close();
  return state;
}

test("the cover, the refusal's hint and the setting at 1440×900 and 390×844, light and dark", async ({
  browser,
  baseURL,
}, testInfo) => {
  test.setTimeout(180_000);
  const { shareId } = await flaggedShare(browser, baseURL ?? "");
  const on = await viewerState(browser, baseURL ?? "", true);
  const off = await viewerState(browser, baseURL ?? "", false);
  const shots: [string, typeof on, string, (page: Page) => Promise<void>][] = [
    [
      "cover",
      on,
      `/s/${shareId}`,
      (page) => expect(page.getByRole("region", { name: en["shares.cover.title"] })).toBeVisible(),
    ],
    [
      "refused",
      off,
      `/s/${shareId}`,
      (page) => expect(page.getByRole("link", { name: en["shares.state.openSettings"] })).toBeVisible(),
    ],
    [
      "setting",
      on,
      "/drive/account",
      (page) => expect(page.getByRole("checkbox", { name: settingName })).toBeChecked(),
    ],
  ];
  for (const viewport of SCREEN_SIZES) {
    for (const theme of THEMES) {
      for (const [state, storageState, path, ready] of shots) {
        const context = await themedContext(browser, baseURL ?? "", viewport, theme, { storageState });
        const page = await context.newPage();
        const errors = pageErrors(page);
        await page.goto(path);
        await ready(page);
        const name = `sensitive-${state}-${viewport.width}x${viewport.height}-${theme}.png`;
        const image = await page.screenshot({ path: new URL(name, DIR).pathname, fullPage: true });
        await testInfo.attach(name, { body: image, contentType: "image/png" });
        const overflow = await page.evaluate(
          () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
        );
        expect(overflow, `${state} wider than the viewport`).toBeLessThanOrEqual(0);
        expect(errors, `${state}: no script errors`).toEqual([]);
        await context.close();
      }
    }
  }
});
