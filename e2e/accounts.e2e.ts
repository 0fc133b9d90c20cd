import { randomBytes } from "node:crypto";
import type { Page } from "@playwright/test";
import { currentStep, SCREEN_SIZES, shoot, THEMES, themedContext, totp } from "./accounts-helpers.js";
import { browserClockNow } from "./support/chromium.js";
import { catalogue, expect, test } from "./support/fixtures.js";
import { mailedCode } from "./support/outbox.js";
import { signUpInBrowser, WEB_CLIENT_HEADERS } from "./support/session.js";

// The accounts' "as a new user would" journey in the browser: sign up with a code read from
// the built server's outbox, sign out, sign in with the password, turn on two-step
// verification (the TOTP computed here, as an authenticator app would), sign out, and
// sign in again with a TOTP code. Screenshots of each sign-in step along the way.
const en = catalogue("en-US");
const t = (key: string) => {
  const text = en[key];
  if (!text) throw new Error(`no text for ${key}`);
  return text;
};

test.use({ viewport: { width: 1440, height: 900 } });

const readCode = (to: string) => mailedCode(to, { timeoutMs: 10_000 });

async function signOutFromAccountPage(page: Page) {
  await page.goto("/drive/account");
  await page
    .getByRole("button", { name: t("drive.user.signOut") })
    .last()
    .click();
  await expect(page).toHaveURL(/\/drive\/login/);
  expect((await page.context().cookies()).some((cookie) => cookie.name === "pp_user_id")).toBe(false);
}

async function signInWithPassword(page: Page, email: string, password: string) {
  await page.getByRole("tab", { name: t("accounts.tab.password") }).click();
  await page.getByLabel(t("accounts.password.account")).fill(email);
  await page.getByRole("textbox", { name: t("login.password"), exact: true }).fill(password);
  await page.getByRole("button", { name: t("login.submit"), exact: true }).click();
}

test("sign up by code, sign out, password, two-step on, sign in with TOTP", async ({ page }) => {
  test.setTimeout(120_000);
  const email = `e2e-acc-${randomBytes(4).toString("hex")}@example.com`;
  const password = "correct horse battery";
  await page.addInitScript(() => localStorage.setItem("pp_new_user", "init"));

  await page.goto("/drive/login?redirect=/drive/account");
  await page.getByLabel(t("accounts.code.target")).fill(email);
  await page.getByRole("button", { name: t("accounts.code.send") }).click();
  await page.getByLabel(t("accounts.code.label")).fill(await readCode(email));
  await page.getByRole("button", { name: t("accounts.code.continue") }).click();
  await expect(page.getByRole("heading", { name: t("login.signup.title") })).toBeVisible();
  await shoot(page, "login-create", "light");
  await page.getByLabel(t("login.name")).fill("Ada Lovelace");
  await page.getByLabel(t("accounts.create.password")).fill(password);
  await page.getByRole("button", { name: t("login.signup.submit") }).click();
  await expect(page).toHaveURL((url) => url.pathname === "/drive/account");
  await expect(page.getByRole("heading", { name: t("accounts.sessions.title") })).toBeVisible();
  await expect(page.locator("dd").getByText(email)).toBeVisible();
  // The sign-in refresh stored the user id cookie (365 days, lax).
  const userIdCookie = (await page.context().cookies()).find((cookie) => cookie.name === "pp_user_id");
  expect(userIdCookie?.sameSite).toBe("Lax");
  // A cookie's lifetime runs on the browser's clock.
  expect(userIdCookie?.expires).toBeGreaterThan(browserClockNow() / 1000 + 364 * 86400);

  await signOutFromAccountPage(page);
  await signInWithPassword(page, email, password);
  await expect(page).toHaveURL(/\/drive\/all$/);

  await page.goto("/drive/account");
  await page.getByRole("button", { name: t("accounts.twoFactor.enable") }).click();
  await expect(page.getByRole("img", { name: t("accounts.twoFactor.qrAlt") })).toBeVisible();
  await shoot(page, "account-two-factor-enrol", "light");
  const secret = (await page.getByTestId("totp-secret").textContent()) ?? "";
  const enrolStep = currentStep();
  await page.getByLabel(t("accounts.twoFactor.label")).fill(totp(secret, enrolStep));
  await page.getByRole("button", { name: t("accounts.twoFactor.confirm") }).click();
  await expect(page.getByTestId("recovery-codes").getByRole("listitem")).toHaveCount(10);
  await expect(page.getByText(t("accounts.twoFactor.on"), { exact: true })).toBeVisible();
  await shoot(page, "account-recovery-codes", "light");

  await signOutFromAccountPage(page);
  await signInWithPassword(page, email, password);
  await expect(page.getByRole("heading", { name: t("accounts.twoFactor.title") })).toBeVisible();
  await shoot(page, "login-two-factor", "light");
  // A code is good once: wait for the authenticator's next one.
  await expect.poll(currentStep, { timeout: 35_000, intervals: [500] }).toBeGreaterThan(enrolStep);
  await page.getByLabel(t("accounts.twoFactor.label")).fill(totp(secret));
  await page.getByRole("button", { name: t("accounts.twoFactor.submit") }).click();
  await expect(page).toHaveURL(/\/drive\/all$/);
});

test("a wrong password answers the same as an unknown account, and stays on the form", async ({ page }) => {
  await page.goto("/drive/login");
  await expect(page.getByRole("tab", { name: t("accounts.tab.password") })).toBeVisible();
  await signInWithPassword(page, `nobody-${randomBytes(3).toString("hex")}@example.com`, "wrong password");
  await expect(page.getByRole("alert")).toBeVisible();
  await expect(page).toHaveURL(/\/drive\/login/);
  expect((await page.context().cookies()).some((cookie) => cookie.name === "pp_user_id")).toBe(false);
});

test("show_login opens the sign-in dialog over the drive", async ({ page }) => {
  await page.addInitScript(() => localStorage.setItem("pp_new_user", "init"));
  await page.goto("/drive/all?action=show_login");
  const dialog = page.getByRole("dialog", { name: t("page.driveLogin.title") });
  await expect(dialog).toBeVisible();
  await expect(dialog.getByRole("tab", { name: t("accounts.tab.password") })).toBeVisible();
  expect(await page.evaluate(() => localStorage.getItem("pp_login_scene"))).toBe("official_page");
});

test("login_required asks only a signed-out visitor; the dialog signs in and stays on the page", async ({
  page,
}) => {
  await page.addInitScript(() => localStorage.setItem("pp_new_user", "init"));
  const account = await signUpInBrowser(page);
  await page.goto("/drive/recent?action=login_required");
  await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
  await expect(page.getByRole("dialog", { name: t("page.driveLogin.title") })).toHaveCount(0);

  await page.request.post("/v1/auth/signout", { headers: WEB_CLIENT_HEADERS });
  await page.goto("/drive/recent?action=login_required");
  const dialog = page.getByRole("dialog", { name: t("page.driveLogin.title") });
  await expect(dialog).toBeVisible();
  await dialog.getByRole("tab", { name: t("accounts.tab.password") }).click();
  await dialog.getByLabel(t("accounts.password.account")).fill(account.email);
  await dialog.getByRole("textbox", { name: t("login.password"), exact: true }).fill(account.password);
  await dialog.getByRole("button", { name: t("login.submit"), exact: true }).click();
  await expect(dialog).toHaveCount(0);
  await expect(page).toHaveURL((url) => url.pathname === "/drive/recent");
  await expect
    .poll(async () => (await page.context().cookies()).find((c) => c.name === "pp_user_id")?.value)
    .toBe(account.userId);
});

/** An 8×8 red PNG. */
const PNG = Buffer.from(
  "iVBORw0KGgoAAAANSUhEUgAAAAgAAAAICAIAAABLbSncAAAAEklEQVR4nGP4z8CAFWEXHbQSACj/P8Fu7N9hAAAAAElFTkSuQmCC",
  "base64",
);

test("profile: name, avatar (resized by the server), password; deletion cancelled by signing in", async ({
  page,
}) => {
  await page.addInitScript(() => localStorage.setItem("pp_new_user", "init"));
  const account = await signUpInBrowser(page);
  await page.goto("/drive/account");
  const name = page.getByLabel(t("account.name"), { exact: true });
  await name.fill("Grace Hopper");
  await page.getByRole("button", { name: t("accounts.save") }).click();
  await expect(page.getByText(t("accounts.saved"))).toBeVisible();

  await page
    .locator('input[type="file"][accept^="image/"]')
    .setInputFiles({ name: "me.png", mimeType: "image/png", buffer: PNG });
  await expect(page.locator("img.account-avatar")).toHaveAttribute("src", /avatars/);

  const newPassword = "a much longer passphrase";
  await page.getByLabel(t("accounts.password.current")).fill(account.password);
  await page.getByLabel(t("accounts.password.new")).fill(newPassword);
  await page.getByRole("button", { name: t("accounts.password.change") }).click();
  await expect(page.getByText(t("accounts.password.done").split(".")[0] ?? "")).toBeVisible();

  await page.getByRole("button", { name: t("accounts.delete.start") }).click();
  const deletion = page.locator(".danger-zone");
  await deletion.getByLabel(t("accounts.password.current")).fill(newPassword);
  // Issue 33, item 11: the button says the 7-day grace, and the sign-in page says when.
  await expect(deletion.getByRole("button", { name: t("accounts.delete.confirm") })).toHaveText(
    "Delete in 7 days",
  );
  await deletion.getByRole("button", { name: t("accounts.delete.confirm") }).click();
  await expect(page).toHaveURL(/\/drive\/login\?deleted=/);
  const inAWeek = new Intl.DateTimeFormat("en-US", { dateStyle: "long", timeZone: "UTC" }).format(
    Date.now() + 7 * 86_400_000,
  );
  await expect(page.getByRole("status").filter({ hasText: "scheduled for deletion" })).toHaveText(
    `Your account is scheduled for deletion on ${inAWeek}. Sign in before then to keep it.`,
  );

  await signInWithPassword(page, account.email, newPassword);
  await expect(page.getByText(t("accounts.review.body"))).toBeVisible();
  await page.getByRole("button", { name: t("accounts.review.cancelDeletion") }).click();
  await expect(page).toHaveURL((url) => url.pathname === "/drive/all");
});

for (const viewport of SCREEN_SIZES) {
  test(`sign-in steps, dialog and account at ${viewport.width}×${viewport.height}, light and dark`, async ({
    browser,
    baseURL,
  }) => {
    test.setTimeout(90_000);
    for (const theme of THEMES) {
      const context = await themedContext(browser, baseURL ?? "", viewport, theme);
      const page = await context.newPage();
      await page.goto("/drive/login", { waitUntil: "networkidle" });
      await shoot(page, "login-code", theme);
      await page.getByRole("tab", { name: t("accounts.tab.password") }).click();
      await shoot(page, "login-password", theme);
      await page.getByRole("button", { name: t("accounts.reset.link") }).click();
      await shoot(page, "login-reset", theme);
      await page.goto("/drive/all?action=show_login", { waitUntil: "networkidle" });
      await expect(page.getByRole("dialog")).toBeVisible();
      await shoot(page, "sign-in-dialog", theme);
      await signUpInBrowser(page);
      await page.goto("/drive/account", { waitUntil: "networkidle" });
      await expect(page.getByRole("button", { name: t("accounts.twoFactor.enable") })).toBeEnabled();
      await shoot(page, "account", theme);
      await page.goto("/en-US/tv?user_code=BCDF-GHJK", { waitUntil: "networkidle" });
      await expect(page.getByLabel(t("tv.form.label"))).toBeVisible();
      await shoot(page, "tv", theme);
      await context.close();
    }
  });
}
