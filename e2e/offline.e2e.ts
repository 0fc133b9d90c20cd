import { randomBytes } from "node:crypto";
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import type { Page, Route } from "@playwright/test";
import { createFolder, skipGuide, uploadFile } from "./support/drive.js";
import { catalogue, expect, gotoHydrated, test } from "./support/fixtures.js";
import { signUpInBrowser } from "./support/session.js";
import { fileRow, uploadPanel } from "./support/uploads.js";

// Offline-proof and installable (issue #33, decision 0059): with the service worker, a seen
// view shows its last list and "Offline — showing what you saw at …", an unseen one the
// offline page in the user's language; a folder created offline keeps its name and is made
// on retry once back; an upload cut by the network completes by itself; the manifest and
// its share target work.

// The other journeys block service workers (playwright.config.ts): page.route cannot see
// what a worker fetches. These are the journeys of the worker itself.
test.use({ serviceWorkers: "allow" });

const en = catalogue("en-US");
const MiB = 1024 * 1024;
const SCREENSHOTS = path.resolve("test-results/screenshots");
let dir: string;

test.beforeAll(() => {
  dir = mkdtempSync(path.join(tmpdir(), "nimbus-offline-e2e-"));
  writeFileSync(path.join(dir, "cut.bin"), randomBytes(3 * MiB));
});
test.afterAll(() => rmSync(dir, { recursive: true, force: true }));

test.beforeEach(async ({ page }) => {
  await skipGuide(page);
});

/** Resolves once the service worker is active and controls the page. */
async function controlled(page: Page): Promise<void> {
  await page.evaluate(async () => {
    await navigator.serviceWorker.ready;
    if (navigator.serviceWorker.controller) return;
    await new Promise((resolve) => navigator.serviceWorker.addEventListener("controllerchange", resolve));
  });
}

const notice = (page: Page) => page.locator(".offline-notice");
const sidebarLink = (page: Page, name: string | undefined) =>
  page.locator("#drive-sidebar").getByRole("link", { name, exact: true });
const rowNamed = (page: Page, name: string) => page.locator(".file-item", { hasText: name });

test("a seen view offline, an unseen one, a folder made on retry, an upload that resumes", async ({
  page,
  context,
}) => {
  test.setTimeout(120_000);
  await page.setViewportSize({ width: 1440, height: 900 });
  await signUpInBrowser(page);
  await createFolder(page, "Holiday photos");
  // Recent lists files (not folders).
  await uploadFile(page, "trip-notes.txt", Buffer.from(`notes ${randomBytes(8).toString("hex")}`));

  // Online: My Drive and Recent, once the worker controls the page (the first load registers it).
  await gotoHydrated(page, "/drive/all");
  await controlled(page);
  await gotoHydrated(page, "/drive/all");
  await expect(rowNamed(page, "Holiday photos")).toBeVisible();
  await sidebarLink(page, en["drive.nav.recent"]).click();
  await expect(page).toHaveURL(/\/drive\/recent$/);
  await expect(rowNamed(page, "trip-notes.txt")).toBeVisible();
  // Reached by a client navigation, its page is kept too (asked a second after arriving).
  await expect
    .poll(() => page.evaluate(async () => Boolean(await caches.match(`${location.origin}/drive/recent`))))
    .toBe(true);
  await sidebarLink(page, en["drive.nav.all"]).click();
  await expect(page).toHaveURL(/\/drive\/all$/);
  await expect(rowNamed(page, "Holiday photos")).toBeVisible();
  // The offline page in the user's language is kept while online.
  await expect.poll(() => page.evaluate(async () => Boolean(await caches.match("/offline.html")))).toBe(true);

  await context.setOffline(true);
  // A banner at once.
  await expect(notice(page)).toHaveText(en["offline.banner"] ?? "");

  // A seen view by the sidebar: its last list and when it was seen.
  await sidebarLink(page, en["drive.nav.recent"]).click();
  await expect(page).toHaveURL(/\/drive\/recent$/);
  await expect(rowNamed(page, "trip-notes.txt")).toBeVisible();
  await expect(notice(page)).toContainText(/^Offline — showing what you saw at \d{1,2}:\d{2}/);

  // A seen view loaded again (a full navigation): the kept page, with its time.
  await page.goto("/drive/all");
  await expect(rowNamed(page, "Holiday photos")).toBeVisible();
  await expect(notice(page)).toContainText(/^Offline — showing what you saw at \d{1,2}:\d{2}/);
  await expect(page.locator("html")).toHaveAttribute("data-hydrated", "");

  // Recent, seen only through the sidebar, loaded again offline: its kept page and list.
  await page.goto("/drive/recent");
  await expect(rowNamed(page, "trip-notes.txt")).toBeVisible();
  await expect(notice(page)).toContainText(/^Offline — showing what you saw at \d{1,2}:\d{2}/);
  await page.goto("/drive/all");
  await expect(page.locator("html")).toHaveAttribute("data-hydrated", "");

  // An unseen view by the sidebar (its route data cannot come): the offline page, not "error 500".
  await sidebarLink(page, en["drive.nav.trash"]).click();
  await expect(page.getByRole("heading", { name: en["offline.page.title"] })).toBeVisible();
  await expect(page.getByText(en["error.title"] ?? "")).toHaveCount(0);

  // An unseen view: the offline page, never the browser's error page or a 500.
  const unseen = await page.goto("/drive/starred");
  expect(unseen?.status()).toBe(200);
  await expect(page.getByRole("heading", { name: en["offline.page.title"] })).toBeVisible();
  await expect(page.getByRole("link", { name: en["offline.page.retry"] })).toBeVisible();

  // Back to My Drive; a folder made offline says so and keeps its name.
  await page.goto("/drive/all");
  await expect(page.locator("html")).toHaveAttribute("data-hydrated", "");
  await page.getByRole("button", { name: en["files.newFolder.title"] }).first().click();
  const dialog = page.getByRole("dialog", { name: en["files.newFolder.title"] });
  const name = dialog.getByLabel(en["files.newFolder.label"] ?? "");
  await name.fill("Made offline");
  await dialog.getByRole("button", { name: en["files.newFolder.create"] }).click();
  await expect(dialog.getByRole("alert")).toHaveText(en["offline.action"] ?? "");
  await expect(name).toHaveValue("Made offline");

  // Online again: the notice goes, and the retry makes the folder.
  await context.setOffline(false);
  await expect(notice(page)).toHaveCount(0);
  await dialog.getByRole("button", { name: en["files.newFolder.create"] }).click();
  await expect(dialog).toHaveCount(0);
  await expect(rowNamed(page, "Made offline")).toBeVisible();

  // An upload cut by the network completes by itself once it is back.
  const held: Route[] = [];
  await page.route("**/drive/v1/uploads/tus/**", async (route) => {
    if (route.request().method() === "PATCH" && held.length === 0) held.push(route);
    else await route.continue();
  });
  const chooser = page.waitForEvent("filechooser");
  await page.getByRole("banner").getByRole("button", { name: "Upload", exact: true }).click();
  await page.getByRole("button", { name: "Upload files" }).click();
  await (await chooser).setFiles(path.join(dir, "cut.bin"));
  const panel = uploadPanel(page);
  await expect.poll(() => held.length, { timeout: 30_000 }).toBe(1);
  await context.setOffline(true);
  await held[0]?.abort("internetdisconnected");
  await expect(fileRow(panel, "cut.bin")).toContainText(/paused|failed|Paused|Failed/i);
  await context.setOffline(false);
  await expect(fileRow(panel, "cut.bin")).toContainText(/Uploaded|Done|complete/i, { timeout: 30_000 });
  await expect(rowNamed(page, "cut.bin")).toBeVisible();
});

test("the manifest in the user's language, installable, and its share target", async ({ page, request }) => {
  test.setTimeout(90_000);
  // The manifest validates: the members Chromium needs to install, in each language.
  const ja = catalogue("ja");
  const answer = await request.get("/manifest.webmanifest?lang=ja");
  expect(answer.headers()["content-type"]).toContain("application/manifest+json");
  const manifest = await answer.json();
  expect(manifest).toMatchObject({
    name: ja["brand.name"],
    description: ja["brand.tagline"],
    lang: "ja",
    display: "standalone",
    start_url: "/drive/all",
    share_target: { action: "/drive/share-target", method: "POST", enctype: "multipart/form-data" },
  });
  for (const icon of manifest.icons as { src: string; type: string }[]) {
    const file = await request.get(icon.src);
    expect(file.ok(), icon.src).toBe(true);
    expect(file.headers()["content-type"]).toContain(icon.type);
  }

  await page.setViewportSize({ width: 412, height: 915 });
  await signUpInBrowser(page);
  await gotoHydrated(page, "/drive/all");
  await controlled(page);
  await expect(page.locator('link[rel="manifest"]')).toHaveAttribute(
    "href",
    "/manifest.webmanifest?lang=en-US",
  );

  // Chromium's own installability check (what Lighthouse's installable-manifest audit read).
  const cdp = await page.context().newCDPSession(page);
  const { installabilityErrors } = await cdp.send("Page.getInstallabilityErrors");
  // Playwright's contexts are incognito profiles, which Chromium never installs into; nothing else.
  expect(installabilityErrors.filter((error) => error.errorId !== "in-incognito")).toEqual([]);
  const { url, errors } = await cdp.send("Page.getAppManifest");
  expect(url).toContain("/manifest.webmanifest?lang=en-US");
  expect(errors).toEqual([]);

  // A phone's share sheet posts a file to the share target: it lands in an upload to My Drive.
  await page.evaluate(() => {
    const form = document.createElement("form");
    form.method = "POST";
    form.action = "/drive/share-target";
    form.enctype = "multipart/form-data";
    const input = document.createElement("input");
    input.type = "file";
    input.name = "files";
    const transfer = new DataTransfer();
    transfer.items.add(
      new File([`shared ${Date.now()} ${Math.random()}`], "shared-note.txt", { type: "text/plain" }),
    );
    input.files = transfer.files;
    form.append(input);
    document.body.append(form);
    form.submit();
  });
  await expect(page).toHaveURL(/\/drive\/all$/);
  await expect(rowNamed(page, "shared-note.txt")).toBeVisible({ timeout: 30_000 });

  // Signing out forgets the kept pages and answers: nothing of the account is left to show offline.
  const kept = () =>
    page.evaluate(async () => {
      const names = await caches.keys();
      return names.includes("nimbus-pages") || names.includes("nimbus-data");
    });
  await expect.poll(kept).toBe(true);
  await page.getByRole("button", { name: en["drive.user.open"] }).click();
  await page.getByRole("button", { name: en["drive.user.signOut"] }).click();
  await expect.poll(kept).toBe(false);
});

test("offline in Japanese: the notice with a Japanese time, the offline page in Japanese", async ({
  page,
  context,
  baseURL,
}) => {
  test.setTimeout(90_000);
  const ja = catalogue("ja");
  await context.addCookies([{ name: "pp_locale", value: "ja", url: baseURL ?? "" }]);
  await signUpInBrowser(page);
  await createFolder(page, "写真");
  await gotoHydrated(page, "/drive/all");
  await controlled(page);
  await gotoHydrated(page, "/drive/all");
  await expect(page.locator("html")).toHaveAttribute("lang", "ja");
  await expect(rowNamed(page, "写真")).toBeVisible();
  await expect
    .poll(() =>
      page.evaluate(async () => (await caches.match("/offline.html"))?.headers.get("content-language")),
    )
    .toBe("ja");
  await context.setOffline(true);
  await page.goto("/drive/all");
  await expect(rowNamed(page, "写真")).toBeVisible();
  // ja's clock: 24-hour, "21:43".
  await expect(notice(page)).toHaveText(/^オフライン — \d{1,2}:\d{2} に表示していた内容です$/);
  await page.goto("/drive/starred");
  await expect(page.getByRole("heading", { name: ja["offline.page.title"] })).toBeVisible();
  await expect(page.getByText(ja["offline.page.tip"] ?? "")).toBeVisible();
  await context.setOffline(false);
});

test("screenshots: the offline notice and the offline page, desktop and phone, light and dark", async ({
  page,
  context,
}) => {
  test.setTimeout(120_000);
  await signUpInBrowser(page);
  await createFolder(page, "Holiday photos");
  await gotoHydrated(page, "/drive/all");
  await controlled(page);
  await gotoHydrated(page, "/drive/all");
  await expect(rowNamed(page, "Holiday photos")).toBeVisible();
  await expect.poll(() => page.evaluate(async () => Boolean(await caches.match("/offline.html")))).toBe(true);
  await context.setOffline(true);
  mkdirSync(SCREENSHOTS, { recursive: true });
  const shoot = async (name: string, scheme: string, viewport: { width: number; height: number }) => {
    await page.evaluate((value) => {
      document.documentElement.dataset.theme = value;
    }, scheme);
    await page.screenshot({
      path: path.join(SCREENSHOTS, `${name}-${viewport.width}x${viewport.height}-${scheme}.png`),
    });
  };
  for (const scheme of ["light", "dark"] as const) {
    await page.emulateMedia({ colorScheme: scheme });
    for (const viewport of [
      { width: 1440, height: 900 },
      { width: 390, height: 844 },
    ]) {
      await page.setViewportSize(viewport);
      await page.goto("/drive/all");
      await expect(notice(page)).toContainText("Offline — showing what you saw at");
      await shoot("offline-notice", scheme, viewport);
      await page.goto("/drive/starred");
      await expect(page.getByRole("heading", { name: en["offline.page.title"] })).toBeVisible();
      await shoot("offline-page", scheme, viewport);
    }
  }
  await context.setOffline(false);
});
