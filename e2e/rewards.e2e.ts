import { skipGuide } from "./support/drive.js";
import { expect, gotoHydrated, reloadHydrated, test } from "./support/fixtures.js";
import { REWARDS_ADMIN_EMAIL } from "./support/rewards.js";
import { signUpInBrowser, WEB_CLIENT_HEADERS } from "./support/session.js";

// Rewards as a user meets them: an admin's activation code redeemed in the drive header
// (once: a second try is refused), the compensation claimed once on its activity page, and
// an invite link remembered in the pp_invite cookie for the after-login invite call.

test.setTimeout(120_000);

test.beforeEach(async ({ page }) => {
  await skipGuide(page);
});

test("redeem an activation code once, claim compensation once, keep an invite link", async ({
  page,
  browser,
  baseURL,
}) => {
  // The admin makes one code (its own browser context, its own session).
  const adminContext = await browser.newContext({ baseURL });
  const adminPage = await adminContext.newPage();
  await signUpInBrowser(adminPage, { email: REWARDS_ADMIN_EMAIL }).catch(async () => {
    // Signed up by an earlier run against the same server: sign in instead.
    const signin = await adminPage.request.post("/v1/auth/signin", {
      headers: WEB_CLIENT_HEADERS,
      data: { username: REWARDS_ADMIN_EMAIL, password: "correct horse battery" },
    });
    expect(signin.ok()).toBe(true);
  });
  const made = await adminPage.request.post("/admin/v1/activation-codes", {
    headers: WEB_CLIENT_HEADERS,
    data: { count: 1, grants: { premium_days: 30 }, note: "journey" },
  });
  expect(made.ok(), await made.text()).toBe(true);
  const [code] = ((await made.json()) as { codes: string[] }).codes;
  await adminContext.close();

  await signUpInBrowser(page);
  // The Redeem popover and the Claim form run on the page's scripts: a click on the
  // server-rendered page before they run is lost (the popover never opened, once).
  await gotoHydrated(page, "/drive/all");
  await expect(page.getByRole("heading", { name: "My Drive" })).toBeVisible();
  await page.getByRole("button", { name: "Redeem a code" }).click();
  const box = page.locator(".redeem-popover");
  await box.getByPlaceholder("Activation code").fill(code as string);
  await box.getByRole("button", { name: "Redeem" }).click();
  // Issue 33, item 10: the redemption says until when Premium runs, and so does the user menu.
  await expect(box.getByText(/^Code redeemed\. Premium until .+\d.*\.$/)).toBeVisible();
  await page.getByRole("button", { name: "Account menu" }).click();
  await expect(page.getByTestId("premium-until")).toHaveText(/^Premium until .+\. 3\d days left$/);
  await page.keyboard.press("Escape");
  await page.getByRole("button", { name: "Redeem a code" }).click();
  // The box empties after a redeem; the same code typed again is refused.
  await box.getByPlaceholder("Activation code").fill(code as string);
  await box.getByRole("button", { name: "Redeem" }).click();
  await expect(box.getByText("This activation code has already been used")).toBeVisible();

  await gotoHydrated(page, "/activity/compensation");
  const claim = page.getByRole("button", { name: "Claim my compensation" });
  await claim.click();
  await expect(page.getByText(/^Claimed\. Added to your account: 3 days of Premium/)).toBeVisible();
  await expect(claim).toBeDisabled();
  // Claiming again (from a fresh page) is refused by the server.
  await reloadHydrated(page);
  await claim.click();
  await expect(page.getByText("You have already claimed this compensation")).toBeVisible();

  await page.goto("/?invite=ab23cdef");
  const cookies = await page.context().cookies();
  expect(cookies.find((c) => c.name === "pp_invite")).toMatchObject({ value: "AB23CDEF", httpOnly: true });
});
