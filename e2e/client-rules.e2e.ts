import { mkdirSync } from "node:fs";
import type { Page } from "@playwright/test";
import { PERSON_USER_AGENT } from "./support/chromium.js";
import { createFolder, skipGuide, uploadFile } from "./support/drive.js";
import { catalogue, expect, hydrated, test } from "./support/fixtures.js";
import { signUpInBrowser, WEB_CLIENT_HEADERS } from "./support/session.js";
import { SCREEN_SIZES, THEMES, themedContext } from "./support/themed-context.js";

// The remaining client rules (decision 0045): the build-manifest check and its reload offer,
// the drive settings on the account page, allow_analysis, speed_save, pp_saved_file_ids and
// the public-IP probe on the block page. Screenshots: test-results/screenshots/client-rules-*.png.
const DIR = new URL("../test-results/screenshots/", import.meta.url);
const en = catalogue("en-US");

/** A signed-in owner with a folder holding a.txt, shared openly. */
async function ownerWithShare(page: Page) {
  await signUpInBrowser(page);
  const folder = await createFolder(page, "Holiday");
  await uploadFile(page, "a.txt", Buffer.from("a"), folder.id);
  const created = await page.request.post("/drive/v1/share", {
    headers: WEB_CLIENT_HEADERS,
    data: { file_ids: [folder.id], title: "Summer" },
  });
  return { folder, shareId: ((await created.json()) as { share_id: string }).share_id };
}

/** Answers `GET /v1/app/build` with another deployed build. */
async function newBuildDeployed(page: Page) {
  await page.route("**/v1/app/build", (route) =>
    route.fulfill({
      json: { id: "deployed-later", rules: { check_paths: ["/drive/", "/s/"], interval_seconds: 900 } },
    }),
  );
}

test.describe("client rules", () => {
  test.describe.configure({ timeout: 90_000 });

  test("the running build matches the deployed one: nothing is offered", async ({ page }) => {
    await signUpInBrowser(page);
    await skipGuide(page);
    const answered = page.waitForResponse((r) => r.url().endsWith("/v1/app/build"));
    await page.goto("/drive/all");
    const build = (await (await answered).json()) as { id: string | null };
    expect(build.id).toBe(
      await page.evaluate(
        () =>
          (window as unknown as { __reactRouterManifest?: { version?: string } }).__reactRouterManifest
            ?.version ?? null,
      ),
    );
    await expect(page.getByTestId("build-update")).toHaveCount(0);
  });

  test("a new build is offered politely: Later hides it, Reload reloads, an upload holds it", async ({
    page,
  }) => {
    await signUpInBrowser(page);
    await skipGuide(page);
    await newBuildDeployed(page);
    await page.goto("/drive/all");
    const offer = page.getByTestId("build-update");
    await expect(offer).toContainText(en["buildUpdate.text"] ?? "");
    await offer.getByRole("button", { name: en["buildUpdate.later"] }).click();
    await expect(offer).toHaveCount(0);

    await page.reload();
    await expect(offer).toBeVisible();
    const reloaded = page.waitForEvent("framenavigated");
    await offer.getByRole("button", { name: en["buildUpdate.reload"] }).click();
    await reloaded;

    // Uploads waiting to continue: the offer waits for them.
    await page.evaluate(() => localStorage.setItem("pp_upload_sessions", "[]"));
    await page.reload();
    const build = await page.waitForResponse((r) => r.url().endsWith("/v1/app/build"));
    await build.finished();
    // An absence: the answer is read and the uploads looked at in the turn its body comes (no
    // state marks "held back"); two painted frames after it, an offer would show. The offer then
    // comes once the uploads are gone, which the next step checks.
    await page.evaluate(
      () => new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done))),
    );
    await expect(offer).toHaveCount(0);
    await page.evaluate(() => localStorage.removeItem("pp_upload_sessions"));
    await expect(offer).toBeVisible({ timeout: 10_000 });

    // Site pages are outside the route rules.
    await page.goto("/en-US/faq");
    // Site pages have no build check at all (the drive layout mounts it): once the page has
    // hydrated, an offer could no longer appear.
    await hydrated(page);
    await expect(offer).toHaveCount(0);
  });

  test("drive settings: saved on the server, kept after a reload; the analytics switch kept on this device", async ({
    page,
  }) => {
    await signUpInBrowser(page);
    await skipGuide(page);
    await page.goto("/drive/account");
    const section = page.getByRole("region", { name: en["settings.title"] });
    const paste = section.getByRole("checkbox", { name: en["settings.autoIdentify"] });
    await expect(paste).toBeChecked();
    await expect(paste).toBeEnabled();
    await paste.uncheck();
    await expect(section.getByRole("status")).toHaveText(en["settings.saved"] ?? "");
    const junk = section.getByRole("checkbox", { name: en["settings.filterJunk"] });
    await junk.uncheck();
    await expect(junk).not.toBeChecked();
    const settings = await (
      await page.request.get("/v1/user/settings", { headers: WEB_CLIENT_HEADERS })
    ).json();
    expect(settings).toMatchObject({ autoIdentifyShareCode: false, filterFilesWhenCreate: false });
    await page.reload();
    await expect(paste).not.toBeChecked();

    // Keyboard: Space toggles the focused setting.
    await paste.focus();
    await page.keyboard.press("Space");
    await expect(paste).toBeChecked();

    const analysis = section.getByRole("checkbox", { name: en["settings.allowAnalysis"] });
    await analysis.uncheck();
    expect(await page.evaluate(() => localStorage.getItem("allow_analysis"))).toBe("0");
  });

  test("speed_save: signed out it goes to sign in; signed in it opens the picker, then marks what was saved", async ({
    page,
    browser,
    baseURL,
  }) => {
    const { shareId } = await ownerWithShare(page);
    const visitor = await browser.newContext({ baseURL, userAgent: PERSON_USER_AGENT });
    const visitorPage = await visitor.newPage();
    await visitorPage.goto(`/s/${shareId}?speed_save=1`);
    await expect(visitorPage).toHaveURL(/\/drive\/login/);
    await visitor.close();

    await page.goto(`/s/${shareId}?speed_save=1`);
    const picker = page.getByRole("dialog");
    await expect(picker).toBeVisible();
    await picker.getByRole("button", { name: en["shares.picker.saveHere"] }).click();
    await expect(page.getByTestId("save-done")).toBeVisible();
    const item = page.locator(".share-item", { hasText: "Holiday" });
    await expect(item.getByText(en["shares.savedBadge"] ?? "", { exact: true })).toBeVisible();
    const saved = await page.evaluate(() => JSON.parse(localStorage.getItem("pp_saved_file_ids") ?? "{}"));
    expect(saved[shareId]).toEqual(["*"]);
    // Inside a saved folder, everything shows as saved.
    await page.getByRole("link", { name: "Holiday" }).click();
    await expect(
      page.locator(".share-item", { hasText: "a.txt" }).getByText(en["shares.savedBadge"] ?? ""),
    ).toBeVisible();
  });

  test("the block page shows the visitor's address from the 2 s probe", async ({ page, baseURL }) => {
    await page.context().addCookies([{ name: "pp_ip_block", value: "blocked", url: baseURL ?? "" }]);
    await page.goto("/s/abc123");
    await expect(
      page.getByText(/^Your network address: (127\.0\.0\.1|::1|::ffff:127\.0\.0\.1)$/),
    ).toBeVisible();
  });

  test("the language hint offers the browser's language once; dismissed, it stays hidden", async ({
    browser,
    baseURL,
  }) => {
    const context = await browser.newContext({ baseURL, locale: "ja-JP", userAgent: PERSON_USER_AGENT });
    const page = await context.newPage();
    await page.goto("/en-US/faq");
    const hint = page.getByRole("complementary", { name: en["langHint.label"] });
    await expect(hint).toContainText("日本語");
    await expect(hint.getByRole("link", { name: "Switch to 日本語" })).toHaveAttribute(
      "href",
      /\/ja\/faq\?locale=ja/,
    );
    await hint.getByRole("button", { name: en["langHint.dismiss"] }).click();
    await expect(hint).toHaveCount(0);
    expect(await page.evaluate(() => localStorage.getItem("pp_hide_lang_change"))).toBe("1");
    await page.reload();
    await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
    await expect(hint).toHaveCount(0);
    await context.close();
  });

  test("screenshots: drive settings and the reload offer, phone and desktop, light and dark", async ({
    page,
    browser,
    baseURL,
  }) => {
    test.setTimeout(180_000);
    mkdirSync(DIR, { recursive: true });
    await signUpInBrowser(page);
    const storageState = await page.context().storageState();
    for (const size of SCREEN_SIZES) {
      for (const theme of THEMES) {
        const context = await themedContext(browser, baseURL ?? "", size, theme, { storageState });
        const shot = await context.newPage();
        await newBuildDeployed(shot);
        await shot.goto("/drive/account", { waitUntil: "networkidle" });
        const section = shot.getByRole("region", { name: en["settings.title"] });
        // The session's first calls can queue for seconds on a loaded machine; this checks the layout.
        await expect(section.getByRole("checkbox").first()).toBeEnabled({ timeout: 20_000 });
        await expect(shot.getByTestId("build-update")).toBeVisible();
        const overflow = await shot.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
        expect(overflow, `account at ${size.width}px scrolls sideways`).toBeLessThanOrEqual(0);
        const name = `${size.width}x${size.height}-${theme}`;
        await shot.screenshot({ path: new URL(`client-rules-reload-${name}.png`, DIR).pathname });
        await shot.getByRole("button", { name: en["buildUpdate.later"] }).click();
        // Clear of the sticky header, so the heading shows.
        await section.evaluate((el) =>
          window.scrollTo(0, el.getBoundingClientRect().top + window.scrollY - 140),
        );
        await shot.screenshot({ path: new URL(`client-rules-settings-${name}.png`, DIR).pathname });
        await context.close();
      }
    }
  });
});
