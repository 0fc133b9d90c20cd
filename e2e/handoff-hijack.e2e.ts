import type { Browser, Page } from "@playwright/test";
import { authorizeWebCode, signInAsClient } from "./accounts-helpers.js";
import { PERSON_USER_AGENT } from "./support/chromium.js";
import { catalogue, expect, test } from "./support/fixtures.js";
import { signUpInBrowser } from "./support/session.js";

// A hand-off code in an address can be minted by anyone for his own account
// (`POST /v1/auth/authorize` from his desktop session) and sent as a link. Opening it
// must never sign the visitor out, nor into someone else's drive, without asking.
const en = catalogue("en-US");
test.describe.configure({ timeout: 60_000 });
function fill(key: string, params: Record<string, string>): string {
  const template = en[key];
  if (!template) throw new Error(`no ${key} in the en-US catalogue`);
  return template.replace(/\{(\w+)\}/g, (_m, name: string) => params[name] ?? "");
}

/** The attacker: an account, its desktop app's token, and the name pages show for it. */
async function attacker(browser: Browser, baseURL: string) {
  const context = await browser.newContext({ baseURL, userAgent: PERSON_USER_AGENT });
  const account = await signUpInBrowser(await context.newPage());
  await context.close();
  const { access_token } = await signInAsClient(baseURL, "nimbus-desktop", account);
  const me = await fetch(new URL("/v1/user/me", baseURL), {
    headers: { authorization: `Bearer ${access_token}` },
  });
  const { name } = (await me.json()) as { name: string };
  return { ...account, token: access_token, label: name || account.email };
}

async function sessionUser(page: Page): Promise<string | undefined> {
  const response = await page.request.get("/v1/user/me");
  return response.ok() ? ((await response.json()) as { sub: string }).sub : undefined;
}

test("a garbage code does not sign the visitor out", async ({ page }) => {
  const victim = await signUpInBrowser(page);
  await page.goto("/auth?code=garbage");
  await expect(page.getByRole("heading", { name: en["accounts.handoff.failedTitle"] })).toBeVisible({
    timeout: 15_000,
  });
  await page.waitForLoadState("networkidle");
  expect(await sessionUser(page)).toBe(victim.userId);
});

test("someone else's code asks a signed-in visitor before switching, and staying keeps them", async ({
  page,
  browser,
  baseURL,
}) => {
  const origin = baseURL ?? "";
  const victim = await signUpInBrowser(page);
  const mallory = await attacker(browser, origin);
  await page.goto(`/auth?code=${encodeURIComponent(await authorizeWebCode(origin, mallory.token))}`);
  await page.waitForLoadState("networkidle");
  expect(await sessionUser(page)).toBe(victim.userId);
  await expect(
    page.getByRole("heading", {
      name: fill("accounts.handoff.confirmTitle", { account: mallory.label }),
    }),
  ).toBeVisible();
  await page.getByRole("button", { name: /^Stay signed in as / }).click();
  await expect(page).not.toHaveURL(/\/auth/);
  expect(await sessionUser(page)).toBe(victim.userId);
});

test("someone else's code does not silently sign a signed-out visitor in", async ({
  page,
  browser,
  baseURL,
}) => {
  const origin = baseURL ?? "";
  const mallory = await attacker(browser, origin);
  await page.goto(`/auth?code=${encodeURIComponent(await authorizeWebCode(origin, mallory.token))}`);
  await page.waitForLoadState("networkidle");
  expect(await sessionUser(page)).toBeUndefined();
  await expect(page).not.toHaveURL(/auth-success/);
  await expect(
    page.getByRole("heading", {
      name: fill("accounts.handoff.confirmTitle", { account: mallory.label }),
    }),
  ).toBeVisible();
});
