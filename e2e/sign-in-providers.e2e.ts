import {
  startIdentityProvider,
  type TestIdentityProvider,
} from "../apps/server/test/support/oidc-provider.js";
import { freeLoopbackPort, startBuiltServer } from "../scripts/built-server.mjs";
import { SCREEN_SIZES, shoot, THEMES, themedContext } from "./accounts-helpers.js";
import { catalogue, expect, test } from "./support/fixtures.js";

// Sign-in with another provider, as a person would: "Continue with Company SSO" on the
// sign-in page, through a real OpenID Connect provider on loopback (oidc-provider, its
// login step finishing at once), back into the drive with a new account; the account
// page shows the provider connected, and disconnecting it works.
// Its own server: it must know the provider (OIDC_PROVIDERS) and its own address.
const en = catalogue("en-US");
const t = (key: string, values: Record<string, string> = {}) =>
  (en[key] ?? key).replace(/\{(\w+)\}/g, (_, name: string) => values[name] ?? "");

let idp: TestIdentityProvider;
let server: { url: string; stop(): Promise<void> };

test.beforeAll(async () => {
  const port = await freeLoopbackPort();
  const origin = `http://127.0.0.1:${port}`;
  idp = await startIdentityProvider(`${origin}/v1/auth/providers/company/callback`);
  server = await startBuiltServer({
    port,
    env: {
      PUBLIC_URL: origin,
      OIDC_PROVIDERS: JSON.stringify([
        {
          id: "company",
          name: "Company SSO",
          issuer: idp.issuer,
          client_id: idp.clientId,
          client_secret: idp.clientSecret,
        },
      ]),
    },
  });
});
test.afterAll(async () => {
  await server?.stop();
  await idp?.close();
});

test("a new person continues with Company SSO, lands in the drive, and sees the provider connected", async ({
  page,
}) => {
  test.setTimeout(120_000);
  idp.signInAs({
    sub: "e2e-person",
    email: "sso-person@example.com",
    email_verified: true,
    name: "Sso Person",
  });
  await page.goto(`${server.url}/drive/login`);
  await page
    .getByRole("link", { name: t("accounts.providers.continueWith", { name: "Company SSO" }) })
    .click();
  await expect(page).toHaveURL(
    (url) => url.pathname.startsWith("/drive") && !url.pathname.startsWith("/drive/login"),
  );

  // A new account may be welcomed by the drive's guide first.
  await page.goto(`${server.url}/drive/account`);
  const guide = page.getByRole("button", { name: t("drive.guide.done") });
  await guide
    .waitFor({ state: "visible", timeout: 8_000 })
    .then(() => guide.click())
    .catch(() => {});
  const section = page.getByRole("region", { name: t("accounts.providers.title") });
  await expect(section.getByText(t("accounts.providers.connected"), { exact: true })).toBeVisible({
    timeout: 20_000,
  });
  await expect(page.getByRole("main").getByText("sso-person@example.com").first()).toBeVisible();

  await section
    .getByRole("button", { name: t("accounts.providers.disconnect", { name: "Company SSO" }) })
    .click();
  await expect(
    section.getByRole("link", { name: t("accounts.providers.connect", { name: "Company SSO" }) }),
  ).toBeVisible();

  // Connect it again from the account page: a round trip that comes back with a notice.
  await section.getByRole("link", { name: t("accounts.providers.connect", { name: "Company SSO" }) }).click();
  await expect(page).toHaveURL((url) => url.pathname === "/drive/account" && !url.search.includes("linked"));
  await expect(page.getByRole("status").filter({ hasText: "Company SSO" })).toBeVisible();
});

test("a provider that refuses sends the person back to the sign-in page with a clear error", async ({
  page,
}) => {
  idp.signInAs({ sub: "e2e-unverified", email: "unverified@example.com", email_verified: false });
  await page.goto(`${server.url}/drive/login`);
  await page
    .getByRole("link", { name: t("accounts.providers.continueWith", { name: "Company SSO" }) })
    .click();
  await expect(page).toHaveURL((url) => url.pathname === "/drive/login" && !url.search.includes("error"));
  await expect(page.getByRole("alert")).toContainText("third-party account");
});

for (const viewport of SCREEN_SIZES) {
  test(`the sign-in page with a provider at ${viewport.width}×${viewport.height}, light and dark`, async ({
    browser,
  }) => {
    test.setTimeout(120_000);
    for (const theme of THEMES) {
      const context = await themedContext(browser, server.url, viewport, theme);
      const page = await context.newPage();
      await page.goto(`${server.url}/drive/login`, { waitUntil: "networkidle" });
      await expect(page.getByRole("link", { name: /Company SSO/ })).toBeVisible();
      await shoot(page, "login-providers", theme);
      await context.close();
    }
  });
}
