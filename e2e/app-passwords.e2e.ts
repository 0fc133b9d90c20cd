import { catalogue, expect, gotoHydrated, test } from "./support/fixtures.js";
import { signUpInBrowser } from "./support/session.js";

// App passwords on the account page: create one (shown once), see it listed, use it over
// WebDAV, revoke it after confirming; the same WebDAV request then answers 401.
const en = catalogue("en-US");
const t = (key: string, params: Record<string, string> = {}) => {
  const text = en[key];
  if (!text) throw new Error(`no text for ${key}`);
  return text.replace(/\{(\w+)\}/g, (_, name: string) => params[name] ?? `{${name}}`);
};

test.use({ viewport: { width: 1280, height: 900 } });

test("create an app password, see it listed, use it over WebDAV, revoke it", async ({
  page,
  playwright,
  baseURL,
}) => {
  const account = await signUpInBrowser(page);
  await gotoHydrated(page, "/drive/account");
  const section = page.getByTestId("app-passwords");
  await expect(section.getByRole("heading", { name: t("accounts.appPasswords.title") })).toBeVisible();
  await expect(section.getByText(t("accounts.appPasswords.empty"))).toBeVisible();

  await section.getByLabel(t("accounts.appPasswords.nameLabel")).fill("Living-room TV");
  await section.getByRole("button", { name: t("accounts.appPasswords.create") }).click();
  const shown = section.getByTestId("new-app-password");
  await expect(shown).toHaveValue(/^[a-z2-9]{5}(-[a-z2-9]{5}){3}$/);
  const password = await shown.inputValue();
  const list = section.getByRole("list", { name: t("accounts.appPasswords.title") });
  await expect(list.getByRole("listitem")).toHaveCount(1);
  await expect(list.getByText("Living-room TV")).toBeVisible();
  await expect(list.getByText(t("accounts.appPasswords.neverUsed"), { exact: false })).toBeVisible();

  // A WebDAV client: no cookies, HTTP Basic with the account's email and the app password.
  const dav = await playwright.request.newContext({ baseURL });
  const propfind = () =>
    dav.fetch("/dav/", {
      method: "PROPFIND",
      headers: {
        depth: "0",
        authorization: `Basic ${Buffer.from(`${account.email}:${password}`).toString("base64")}`,
      },
    });
  expect((await propfind()).status()).toBe(207);

  await section.getByRole("button", { name: t("accounts.appPasswords.done") }).click();
  await expect(shown).toHaveCount(0);
  await list.getByRole("button", { name: t("accounts.appPasswords.revoke") }).click();
  const dialog = page.getByRole("dialog", {
    name: t("accounts.appPasswords.revokeTitle", { name: "Living-room TV" }),
  });
  await expect(dialog).toBeVisible();
  await dialog.getByRole("button", { name: t("accounts.appPasswords.revoke") }).click();
  await expect(list.getByRole("listitem")).toHaveCount(0);
  await expect(section.getByText(t("accounts.appPasswords.empty"))).toBeVisible();

  const refused = await propfind();
  expect(refused.status()).toBe(401);
  expect(refused.headers()["www-authenticate"]).toMatch(/^Basic /);
  await dav.dispose();
});
