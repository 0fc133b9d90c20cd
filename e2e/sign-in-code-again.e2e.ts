import { randomBytes } from "node:crypto";
import { catalogue, expect, test } from "./support/fixtures.js";
import { mailedCode } from "./support/outbox.js";

// Issue 33, item 1: asking again for a sign-in code within the 60 s cool-down (a reload, or
// "Use another address" and back) goes on to the code already mailed, with the countdown
// to a new one, instead of "Your operation is too frequent".
const en = catalogue("en-US");
const t = (key: string) => {
  const text = en[key];
  if (!text) throw new Error(`no text for ${key}`);
  return text;
};

test("a second code request within a minute offers the code already mailed, with a countdown", async ({
  page,
}) => {
  const email = `e2e-again-${randomBytes(4).toString("hex")}@example.com`;
  await page.goto("/drive/login");
  await page.getByLabel(t("accounts.code.target")).fill(email);
  await page.getByRole("button", { name: t("accounts.code.send") }).click();
  await expect(page.getByLabel(t("accounts.code.label"))).toBeVisible();
  const code = await mailedCode(email, { timeoutMs: 10_000 });

  await page.reload();
  await page.getByLabel(t("accounts.code.target")).fill(email);
  await page.getByRole("button", { name: t("accounts.code.send") }).click();
  await expect(page.getByText(t("accounts.code.sentEarlierTo").replace("{target}", email))).toBeVisible();
  await expect(page.getByText(/too frequent/)).toHaveCount(0);
  const resend = page.getByRole("button", { name: /^New code in \d+ s$/ });
  await expect(resend).toBeDisabled();
  const first = Number((await resend.textContent())?.match(/\d+/)?.[0]);
  expect(first).toBeGreaterThan(30);
  expect(first).toBeLessThanOrEqual(60);
  await expect
    .poll(async () => Number((await resend.textContent())?.match(/\d+/)?.[0]), { timeout: 5_000 })
    .toBeLessThan(first);

  await page.getByLabel(t("accounts.code.label")).fill(code);
  await page.getByRole("button", { name: t("accounts.code.continue") }).click();
  await expect(page.getByRole("heading", { name: t("login.signup.title") })).toBeVisible();
});
