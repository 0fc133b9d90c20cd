import { randomBytes } from "node:crypto";
import { readFileSync } from "node:fs";
import type { BrowserContext, Page } from "@playwright/test";
import { PERSON_USER_AGENT } from "./support/chromium.js";
import { createFolder, skipGuide, uploadFile } from "./support/drive.js";
import { catalogue, expect, test } from "./support/fixtures.js";
import { mailedCode } from "./support/outbox.js";
import { signUpInBrowser, WEB_CLIENT_HEADERS } from "./support/session.js";

// The done-when journey of sharing, as new users would: A uploads a folder and shares
// it with a passcode from the share dialog; an anonymous visitor gets PASS_CODE_ERROR
// with a wrong code, opens the list with the right one, browses a nested folder,
// clicks save, signs up, and the save completes into the new drive; the new user
// downloads a file and its bytes match; A cancels the share in "My shares" and the
// link shows DELETED while B's copy stays.

const en = catalogue("en-US");
const PASSCODE = "Tr1p";

async function newPerson(
  browser: import("@playwright/test").Browser,
  baseURL: string,
): Promise<[BrowserContext, Page]> {
  const context = await browser.newContext({ baseURL, userAgent: PERSON_USER_AGENT });
  const page = await context.newPage();
  await skipGuide(page);
  // RESTORE_* events (dispatched as `nimbus:analytics`) kept across page loads.
  await page.addInitScript(() => {
    window.addEventListener("nimbus:analytics", (event) => {
      const type = (event as CustomEvent<{ type: string }>).detail.type;
      const seen = JSON.parse(sessionStorage.getItem("e2e-events") ?? "[]") as string[];
      sessionStorage.setItem("e2e-events", JSON.stringify([...seen, type]));
    });
  });
  return [context, page];
}

async function events(page: Page): Promise<string[]> {
  return page.evaluate(() => JSON.parse(sessionStorage.getItem("e2e-events") ?? "[]") as string[]);
}

/**
 * Signs up on the real sign-in page `/drive/login` the way it asks at this time: the
 * address, the code mailed to it (read from the server's outbox), then a password.
 */
async function signUpOnLoginPage(page: Page): Promise<string> {
  await expect(page).toHaveURL(/\/drive\/login/);
  const email = `e2e-share-${randomBytes(4).toString("hex")}@example.com`;
  const sentAt = Date.now();
  await page.getByLabel(en["accounts.code.target"] ?? "").fill(email);
  await page.getByRole("button", { name: en["accounts.code.send"] }).click();
  const code = await mailedCode(email, { after: sentAt - 1000 });
  await page.getByLabel(en["accounts.code.label"] ?? "").fill(code);
  await page.getByRole("button", { name: en["accounts.code.continue"] }).click();
  await page.getByLabel(en["accounts.create.password"] ?? "").fill("correct horse battery");
  await page.getByRole("button", { name: en["login.signup.submit"] }).click();
  return email;
}

test("share with a passcode, save after sign-up, download, cancel", async ({ browser, baseURL }) => {
  test.setTimeout(90_000);
  const url = baseURL ?? "";
  const bytes = randomBytes(48 * 1024);

  // A: a folder with a nested folder and a file, shared from the share dialog.
  const [contextA, pageA] = await newPerson(browser, url);
  await signUpInBrowser(pageA);
  const trip = await createFolder(pageA, "Trip");
  const photos = await createFolder(pageA, "Photos", trip.id);
  await uploadFile(pageA, "notes.txt", Buffer.from("packing list"), trip.id);
  const photo = await uploadFile(pageA, "sunset.bin", bytes, photos.id);
  await pageA.goto("/drive/all");
  const dialog = pageA.getByRole("dialog");
  // The drive's "Share" action, from the item's context menu.
  // A right click before the page hydrated opens the browser's own menu: ask again until ours opens.
  const shareItem = pageA.getByRole("menuitem", { name: en["shares.action.share"] });
  await expect(async () => {
    await pageA.locator('.file-item[data-kind="folder"]', { hasText: "Trip" }).click({ button: "right" });
    await expect(shareItem).toBeVisible({ timeout: 1000 });
  }).toPass();
  await shareItem.click();
  await expect(dialog).toBeVisible();
  await dialog.getByRole("textbox", { name: en["shares.dialog.passcode"] }).fill(PASSCODE);
  await dialog.getByLabel(en["shares.dialog.titleField"] ?? "").fill("Summer trip");
  await dialog.getByRole("button", { name: en["shares.dialog.create"] }).click();
  await expect(dialog.getByTestId("share-passcode")).toHaveText(PASSCODE);
  const shareText = (await dialog.getByTestId("share-text").textContent()) ?? "";
  const shareUrl = /https?:\/\/\S+\/s\/\S+/.exec(shareText)?.[0] ?? "";
  expect(shareText).toContain(PASSCODE);
  const shareId = new URL(shareUrl).pathname.split("/")[2] ?? "";
  expect(shareId).not.toBe("");

  // B, anonymous: a wrong passcode, then the right one.
  const [contextB, pageB] = await newPerson(browser, url);
  await pageB.goto(`/s/${shareId}`);
  await expect(pageB.getByRole("heading", { name: en["shares.passcode.title"] })).toBeVisible();
  const wrong = pageB.waitForResponse(
    (r) => r.url().includes("/drive/v1/share?") && r.url().includes("pass_code="),
  );
  await pageB.getByLabel(en["shares.passcode.label"] ?? "").fill("nope1");
  await pageB.getByRole("button", { name: en["shares.passcode.submit"] }).click();
  expect((await (await wrong).json()).share_status).toBe("PASS_CODE_ERROR");
  await expect(pageB.getByRole("alert")).toBeVisible();
  await pageB.getByLabel(en["shares.passcode.label"] ?? "").fill(PASSCODE);
  await pageB.getByRole("button", { name: en["shares.passcode.submit"] }).click();
  await expect(pageB.getByRole("heading", { name: "Summer trip" })).toBeVisible();
  const cookies = await contextB.cookies();
  expect(cookies.some((c) => c.name === `pp_share_passcode_token_${shareId}`)).toBe(true);

  // Browse into the nested folder; the breadcrumbs follow.
  await pageB.getByRole("link", { name: "Trip" }).click();
  await expect(pageB.getByRole("button", { name: "notes.txt" })).toBeVisible();
  // Issue 33, item 15: the header counts what this folder holds (notes.txt and Photos).
  await expect(pageB.locator(".share-facts span").first()).toHaveText("2 items");
  await pageB.getByRole("link", { name: "Photos" }).click();
  await expect(pageB).toHaveURL(new RegExp(`/s/${shareId}/${trip.id}/${photos.id}$`));
  const crumbs = pageB.getByRole("navigation", { name: en["share.folderPath"] });
  await expect(crumbs).toContainText("Trip");
  await expect(crumbs.locator('[aria-current="page"]')).toHaveText("Photos");
  await expect(pageB.getByRole("button", { name: "sunset.bin" })).toBeVisible();

  // Save: sign-up first, then the save completes by itself back on the share page.
  await pageB.getByRole("button", { name: en["shares.saveAll"] }).click();
  await signUpOnLoginPage(pageB);
  await expect(pageB).toHaveURL(new RegExp(`/s/${shareId}/`));
  await expect(pageB.getByTestId("save-done")).toBeVisible({ timeout: 15_000 });
  expect(await events(pageB)).toEqual(
    expect.arrayContaining(["RESTORE_CLICK", "RESTORE_SAVING", "RESTORE_STATUS"]),
  );
  expect(await pageB.evaluate(() => localStorage.getItem("pp_restore_request_body"))).toBeNull();

  // B's drive holds Photos/sunset.bin; B downloads it from the share page and the bytes match.
  const mine = async () => {
    const root = await (await pageB.request.get("/drive/v1/files?parent_id=")).json();
    const folder = root.files.find((f: { name: string }) => f.name === "Photos");
    if (!folder) return undefined;
    const inside = await (await pageB.request.get(`/drive/v1/files?parent_id=${folder.id}`)).json();
    return inside.files.find((f: { name: string }) => f.name === "sunset.bin") as { id: string } | undefined;
  };
  const copy = await mine();
  expect(copy?.id).toBeTruthy();
  expect(copy?.id).not.toBe(photo.id);
  await pageB.getByRole("button", { name: "sunset.bin" }).click();
  const preview = pageB.getByRole("dialog", { name: "sunset.bin" });
  const downloading = pageB.waitForEvent("download");
  await preview.getByRole("link", { name: en["shares.download"] }).click();
  const download = await downloading;
  const saved = readFileSync((await download.path()) ?? "");
  expect(Buffer.compare(saved, bytes)).toBe(0);
  await preview.getByRole("button", { name: en["common.close"] }).first().click();

  // A cancels the share in "My shares"; the counts show the view and the save.
  await pageA.goto("/drive/shares");
  const row = pageA.locator(`tr[data-share-id="${shareId}"]`);
  await expect(row).toBeVisible();
  await expect(row.locator("td").nth(5)).toHaveText("1");
  // Issue 33, item 15: no disabled "Stop sharing 0 links" before anything is selected.
  await expect(pageA.getByRole("button", { name: /Stop sharing \d+ links?/ })).toHaveCount(0);
  await row
    .getByRole("button", { name: en["shares.mine.cancelOne"]?.replace("{name}", "Summer trip") })
    .click();
  await pageA.getByRole("dialog").getByRole("button", { name: en["shares.mine.cancel"] }).click();
  await expect(pageA.getByRole("status").filter({ hasText: "1" })).toBeVisible();

  // The link says DELETED; B's copy stays and still downloads the same bytes.
  await pageB.goto(`/s/${shareId}`);
  await expect(pageB.getByRole("heading", { name: en["shares.status.deleted.title"] })).toBeVisible();
  const kept = await mine();
  expect(kept?.id).toBe(copy?.id);
  const info = await (
    await pageB.request.get(`/drive/v1/files/${kept?.id}`, { headers: WEB_CLIENT_HEADERS })
  ).json();
  const again = await pageB.request.get(info.web_content_link);
  expect(Buffer.compare(await again.body(), bytes)).toBe(0);

  await contextA.close();
  await contextB.close();
});

/** A signed-in owner with a folder (a.txt, dot.png) shared twice: openly, and behind a passcode. */
async function ownerWithShares(page: Page) {
  await signUpInBrowser(page);
  const folder = await createFolder(page, "Open folder");
  await uploadFile(page, "a.txt", Buffer.from("a"), folder.id);
  const png =
    "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==";
  await uploadFile(page, "dot.png", Buffer.from(png, "base64"), folder.id);
  const create = async (data: Record<string, unknown>) =>
    (await (await page.request.post("/drive/v1/share", { headers: WEB_CLIENT_HEADERS, data })).json()) as {
      share_id: string;
      pass_code: string;
    };
  const open = (await create({ file_ids: [folder.id], title: "Open folder" })).share_id;
  const { share_id: secret, pass_code: secretCode } = await create({
    file_ids: [folder.id],
    title: "Secret plans",
    pass_code_option: "REQUIRED",
  });
  return { folder, open, secret, secretCode };
}

test.describe("a shared folder", () => {
  // Each test first signs up, uploads two files and shares them: a budget for that setup too.
  test.describe.configure({ timeout: 60_000 });

  test("link previews tell nothing private", async ({ page, browser, baseURL }) => {
    const { open, secret } = await ownerWithShares(page);
    // Open Graph from the server render, as a crawler sees it (no cookies).
    const crawler = await browser.newContext({ baseURL });
    const html = async (id: string) => (await crawler.request.get(`/s/${id}`)).text();
    const openHtml = await html(open);
    expect(openHtml).toMatch(/<meta property="og:title" content="Open folder"/);
    expect(openHtml).toContain(`content="1 shared item"`);
    const secretHtml = await html(secret);
    expect(secretHtml).not.toContain("Secret plans");
    expect(secretHtml).toContain(`<meta property="og:title" content="${en["page.share.title"]}"`);
    await crawler.close();
  });

  test("`s_code` in the link fills the passcode for a visitor", async ({ page, browser, baseURL }) => {
    const { secret, secretCode } = await ownerWithShares(page);
    // The token lands in the visitor's cookie.
    const visitor = await browser.newContext({ baseURL, userAgent: PERSON_USER_AGENT });
    const visitorPage = await visitor.newPage();
    await visitorPage.goto(`/s/${secret}?s_code=${secretCode}`);
    await expect(visitorPage.getByRole("heading", { name: "Secret plans" })).toBeVisible();
    // The page renders open on the server; the cookie is written once its scripts run.
    await expect
      .poll(async () => (await visitor.cookies()).map((c) => c.name))
      .toContain(`pp_share_passcode_token_${secret}`);
    await visitor.close();
  });

  test("signed in, a save goes into the folder picked in my drive", async ({ page }) => {
    const { folder, secret } = await ownerWithShares(page);
    await page.goto(`/s/${secret}`);
    await page.getByRole("link", { name: "Open folder" }).click();
    await page.getByRole("checkbox", { name: /a\.txt/ }).check();
    await page.getByRole("button", { name: en["shares.save"] }).click();
    const picker = page.getByRole("dialog");
    await picker.getByRole("button", { name: "Open folder" }).click();
    await picker.getByRole("button", { name: en["shares.picker.saveHere"] }).click();
    await expect(page.getByTestId("save-done")).toContainText("Open folder");
    const inside = await (await page.request.get(`/drive/v1/files?parent_id=${folder.id}`)).json();
    expect(inside.files.map((f: { name: string }) => f.name).sort()).toEqual([
      "a (1).txt",
      "a.txt",
      "dot.png",
    ]);
  });

  test("an image previews from the share's signed link", async ({ page }) => {
    const { secret } = await ownerWithShares(page);
    await page.goto(`/s/${secret}`);
    await page.getByRole("link", { name: "Open folder" }).click();
    await page.getByRole("button", { name: "dot.png" }).click();
    const image = page.getByRole("dialog", { name: "dot.png" }).getByRole("img", { name: "dot.png" });
    await expect
      .poll(() => image.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth))
      .toBe(1);
  });

  test("a locale prefix on a share path keeps the locale and drops the prefix", async ({ page }) => {
    const { open } = await ownerWithShares(page);
    await page.goto(`/ja/s/${open}`);
    await expect(page).toHaveURL(new RegExp(`/s/${open}$`));
    await expect(page.locator("html")).toHaveAttribute("lang", "ja");
    await expect(page.getByRole("heading", { name: "Open folder" })).toBeVisible();
  });

  test("without visit access, the block page shows instead of the share", async ({ page, baseURL }) => {
    const { open } = await ownerWithShares(page);
    await page.context().addCookies([{ name: "pp_ip_block", value: "blocked", url: baseURL ?? "" }]);
    await page.goto(`/s/${open}`);
    await expect(page.getByRole("heading", { name: en["block.title"] })).toBeVisible();
    await expect(page.getByRole("heading", { name: "Open folder" })).toHaveCount(0);
  });
});
