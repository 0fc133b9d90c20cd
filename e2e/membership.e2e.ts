import type { Browser, Page } from "@playwright/test";
import { PERSON_USER_AGENT } from "./support/chromium.js";
import { skipGuide } from "./support/drive.js";
import { catalogue, expect, test } from "./support/fixtures.js";
import { mailedMatch } from "./support/outbox.js";
import { signUpInBrowser } from "./support/session.js";

// Issue #15's journey, as people would do it: a free user buys Premium through the
// sandbox checkout and sees the badge, the bigger quota and the renewal date; shares
// their invite link, a friend (another address) signs up through it and both get free
// days; checks in, and a second check-in the same day is refused.

const en = catalogue("en-US");

async function person(browser: Browser, baseURL: string, address?: string): Promise<Page> {
  const context = await browser.newContext({
    baseURL,
    userAgent: PERSON_USER_AGENT,
    // The e2e server trusts loopback as its proxy: a friend arrives from another address.
    ...(address && { extraHTTPHeaders: { "x-forwarded-for": address } }),
  });
  const page = await context.newPage();
  await skipGuide(page);
  return page;
}

const storageLimit = async (page: Page) =>
  Number(
    ((await (await page.request.get("/drive/v1/about")).json()) as { quota: { limit: string } }).quota.limit,
  );

test("buy Premium in the sandbox, invite a friend, check in once a day", async ({ browser, baseURL }) => {
  test.setTimeout(240_000);
  const buyer = await person(browser, baseURL ?? "");
  const account = await signUpInBrowser(buyer);
  const freeLimit = await storageLimit(buyer);

  // The plans page sells the server's products; Choose goes to the sandbox checkout.
  await buyer.goto("/drive/payment");
  await buyer
    .getByRole("button", { name: en["plans.chooseNamed"]?.replace("{name}", en["plans.premiumMonth"] ?? "") })
    .click();
  await expect(buyer).toHaveURL(/\/drive\/payment\/checkout\//);
  await expect(buyer.getByText(en["checkout.testMode"] ?? "")).toBeVisible();
  await buyer.getByRole("button", { name: /^Pay / }).click();
  await expect(buyer.getByText(en["checkout.paid"] ?? "")).toBeVisible({ timeout: 30_000 });
  await buyer.getByRole("link", { name: en["checkout.toAccount"] }).click();
  await expect(buyer.getByText(/^Renews on /)).toBeVisible();
  await expect(buyer.locator("main .premium-badge").first()).toBeVisible();
  expect(await storageLimit(buyer)).toBeGreaterThan(freeLimit);

  // The account page lists the order; its receipt page is where the mailed receipt links.
  const order = buyer.locator(".order-row", { hasText: en["plans.premiumMonth"] ?? "" });
  await expect(order.getByText(en["orders.status.paid"] ?? "")).toBeVisible();
  await order.getByRole("link", { name: en["orders.receipt"] }).click();
  await expect(buyer).toHaveURL(/\/drive\/payment\/receipt\//);
  const receiptPath = new URL(buyer.url()).pathname;
  await expect(buyer.getByRole("heading", { name: en["page.drivePaymentReceipt.title"] })).toBeVisible();
  await expect(buyer.locator(".receipt")).toContainText(en["plans.premiumMonth"] ?? "");
  await expect(buyer.locator(".receipt")).toContainText(en["orders.status.paid"] ?? "");
  const mailed = await mailedMatch(account.email, /\/drive\/payment\/receipt\/[A-Za-z0-9_-]+/);
  expect(mailed).toBe(receiptPath);

  // The invite link, from the referral page's panel.
  await buyer.goto("/referral");
  const link = await buyer.getByLabel(en["invite.linkLabel"] ?? "").inputValue();
  expect(link).toMatch(/[?&]invite=/);

  // A friend on another address opens it, signs up, and gets free days at the first sign-in.
  const friend = await person(browser, baseURL ?? "", "198.51.100.23");
  await friend.goto(new URL(link).pathname + new URL(link).search);
  // Another person: another device too (invites from the inviter's own device earn nothing).
  await signUpInBrowser(friend, { deviceId: "e2efriend0000000000000000000000f" });
  await friend.goto("/drive/account");
  await expect(friend.getByText(/^Premium until /)).toBeVisible({ timeout: 15_000 });
  await expect(friend.locator("main .premium-badge").first()).toBeVisible();

  // The inviter sees the friend and the days earned.
  await buyer.goto("/referral");
  await expect(buyer.getByRole("heading", { name: "1 friend joined" })).toBeVisible();
  await expect(buyer.getByText("Earned so far: 7 days of Premium")).toBeVisible();

  // Check in once; the second time the same day is refused.
  await buyer.goto("/check-in");
  await buyer.getByRole("button", { name: en["checkIn.cta"] }).click();
  await expect(buyer.getByRole("button", { name: en["checkIn.doneToday"] })).toBeVisible();
  await buyer.getByRole("button", { name: en["checkIn.doneToday"] }).click();
  await expect(buyer.getByRole("alert")).toContainText("You have already checked in today");

  await buyer.context().close();
  await friend.context().close();
});
