import { randomBytes } from "node:crypto";
import type { Page } from "@playwright/test";
import { SCREEN_SIZES, shoot, THEMES, themedContext } from "./accounts-helpers.js";
import { catalogue, expect, test } from "./support/fixtures.js";
import { mailedCode } from "./support/outbox.js";

// A new user's first hour, from the first visit: the public header offers Sign in, "Open
// my drive" leads to the sign-in page (not to an empty drive under a popup), sign-up by
// code lands in the drive with the welcome guide once, a reload shows no guide, and the
// sign-in page sends a signed-in visitor on to the drive. Anonymous pages ask nothing
// that answers 401.
const en = catalogue("en-US");
const t = (key: string) => {
  const text = en[key];
  if (!text) throw new Error(`no text for ${key}`);
  return text;
};

/** Every API answer with status 401 the page receives, as `METHOD path`. */
function unauthorizedCalls(page: Page): string[] {
  const seen: string[] = [];
  page.on("response", (response) => {
    if (response.status() === 401)
      seen.push(`${response.request().method()} ${new URL(response.url()).pathname}`);
  });
  return seen;
}

async function signUpByCode(page: Page, email: string): Promise<void> {
  await page.getByLabel(t("accounts.code.target")).fill(email);
  await page.getByRole("button", { name: t("accounts.code.send") }).click();
  await page.getByLabel(t("accounts.code.label")).fill(await mailedCode(email, { timeoutMs: 10_000 }));
  await page.getByRole("button", { name: t("accounts.code.continue") }).click();
  await expect(page.getByRole("heading", { name: t("login.signup.title") })).toBeVisible();
  await page.getByLabel(t("login.name")).fill("Ada Lovelace");
  await page.getByLabel(t("accounts.create.password")).fill("correct horse battery");
  await page.getByRole("button", { name: t("login.signup.submit") }).click();
}

test.use({ viewport: { width: 1440, height: 900 } });

test("anonymous → sign-in → sign-up → drive with the guide once; reload, no guide", async ({ page }) => {
  test.setTimeout(90_000);
  const unauthorized = unauthorizedCalls(page);
  const header = page.locator("header.site-header .header-actions");

  await page.goto("/", { waitUntil: "networkidle" });
  await expect(header.getByRole("link", { name: t("nav.signIn") })).toBeVisible();
  await expect(header.getByRole("link", { name: t("nav.openDrive") })).toHaveCount(0);
  await page.goto("/activity/compensation", { waitUntil: "networkidle" });
  await expect(header.getByRole("link", { name: t("nav.signIn") })).toBeVisible();
  await expect(header.getByRole("link", { name: t("nav.openDrive") })).toHaveCount(0);

  // The home page's "Open my drive" leads an anonymous visitor to the sign-in page.
  await page.goto("/", { waitUntil: "networkidle" });
  await page
    .locator("main")
    .getByRole("link", { name: t("nav.openDrive") })
    .click();
  await expect(page).toHaveURL((url) => url.pathname === "/drive/login");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(t("page.driveLogin.title"));
  await expect(page.getByRole("heading", { name: "Sign in or create your account" })).toBeVisible();
  await expect(page.getByRole("dialog")).toHaveCount(0);
  // Typed in, too: /drive/all without a session is the sign-in page, coming back afterwards.
  await page.goto("/drive/all", { waitUntil: "networkidle" });
  await expect(page).toHaveURL((url) => url.pathname === "/drive/login");
  expect(new URL(page.url()).searchParams.get("redirect")).toBe("/drive/all");
  await page.goto("/en-US/tv", { waitUntil: "networkidle" });
  await expect(page.getByText(t("accounts.tv.signIn"))).toBeVisible();
  expect(unauthorized).toEqual([]);

  await page.goto("/drive/login?redirect=/drive/all", { waitUntil: "networkidle" });
  await signUpByCode(page, `e2e-first-${randomBytes(4).toString("hex")}@example.com`);
  await expect(page).toHaveURL((url) => url.pathname === "/drive/all");
  const guide = page.getByRole("dialog", { name: t("drive.guide.title") });
  await expect(guide).toBeVisible();
  await guide.getByRole("button", { name: t("drive.guide.done") }).click();
  await expect(guide).toHaveCount(0);

  await page.reload({ waitUntil: "networkidle" });
  await expect(page.getByRole("heading", { level: 1, name: t("page.driveAll.title") })).toBeVisible();
  await expect(page.getByRole("navigation", { name: t("drive.nav.label") })).toContainText("My Drive");
  await expect(page.getByRole("dialog")).toHaveCount(0);

  // Signed in: the sign-in page goes on to the drive, the public header opens it.
  await page.goto("/drive/login", { waitUntil: "networkidle" });
  await expect(page).toHaveURL((url) => url.pathname === "/drive/all");
  await expect(page.getByRole("dialog")).toHaveCount(0);
  await page.goto("/activity/compensation", { waitUntil: "networkidle" });
  await expect(header.getByRole("link", { name: t("nav.openDrive") })).toBeVisible();
  await expect(header.getByRole("link", { name: t("nav.signIn") })).toHaveCount(0);
});

test("a signed-in visitor without the sign-up in this browser gets no guide", async ({
  page,
  browser,
  baseURL,
}) => {
  test.setTimeout(60_000);
  await page.goto("/drive/login", { waitUntil: "networkidle" });
  await signUpByCode(page, `e2e-first-${randomBytes(4).toString("hex")}@example.com`);
  await expect(page.getByRole("dialog", { name: t("drive.guide.title") })).toBeVisible();
  // The same account in a browser that never signed up: no welcome.
  const other = await browser.newContext({ baseURL: baseURL ?? "" });
  await other.addCookies(await page.context().cookies());
  const second = await other.newPage();
  await second.goto("/drive/all", { waitUntil: "networkidle" });
  await expect(second.getByRole("heading", { level: 1, name: t("page.driveAll.title") })).toBeVisible();
  await expect(second.getByRole("dialog")).toHaveCount(0);
  await other.close();
});

for (const viewport of SCREEN_SIZES) {
  test(`first run at ${viewport.width}×${viewport.height}, light and dark`, async ({ browser, baseURL }) => {
    test.setTimeout(120_000);
    for (const theme of THEMES) {
      const context = await themedContext(browser, baseURL ?? "", viewport, theme);
      const page = await context.newPage();
      await page.goto("/", { waitUntil: "networkidle" });
      await shoot(page, "first-run-home", theme);
      await page.goto("/drive/all", { waitUntil: "networkidle" });
      await expect(page).toHaveURL((url) => url.pathname === "/drive/login");
      await shoot(page, "first-run-sign-in", theme);
      await signUpByCode(page, `e2e-first-${randomBytes(4).toString("hex")}@example.com`);
      await expect(page.getByRole("dialog", { name: t("drive.guide.title") })).toBeVisible();
      await page.waitForLoadState("networkidle");
      await shoot(page, "first-run-guide", theme);
      await page.getByRole("button", { name: t("drive.guide.done") }).click();
      await expect(page.getByRole("dialog")).toHaveCount(0);
      await shoot(page, "first-run-empty-drive", theme);
      await context.close();
    }
  });
}
