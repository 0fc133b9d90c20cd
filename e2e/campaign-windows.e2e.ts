import { startBuiltServer } from "../scripts/built-server.mjs";
import { skipGuide } from "./support/drive.js";
import { expect, test } from "./support/fixtures.js";
import { signUpInBrowser } from "./support/session.js";

// A campaign page follows the server's configured window (REWARD_CAMPAIGNS), not dates
// written into the page: an ended campaign sends the visitor to activity-end, a coming
// one shows its page, and one the operator removed counts as ended.
// Its own server, with windows that differ from the defaults.
let server: { url: string; stop(): Promise<void> };

test.beforeAll(async () => {
  server = await startBuiltServer({
    env: { REWARD_CAMPAIGNS: "christmas_2026:2026-01-01:2026-01-02,black_friday_2099:2099-11-20:2099-12-01" },
  });
});
test.afterAll(() => server.stop());

test("an ended campaign redirects to activity-end, a coming one shows, an unconfigured one has ended", async ({
  page,
}) => {
  await page.goto(`${server.url}/en-US/activity/christmas`);
  await expect(page).toHaveURL(/\/en-US\/activity-end$/);

  const coming = await page.goto(`${server.url}/en-US/activity/black-friday`);
  expect(coming?.status()).toBe(200);
  await expect(page).toHaveURL(/\/en-US\/activity\/black-friday$/);

  // The compensation page is not a campaign window: it keeps its own dates.
  const compensation = await page.goto(`${server.url}/ja/activity/compensation`);
  expect(compensation?.status()).toBe(200);
});

// Issue #28: the page's promises are computed from the prices and window checkout uses.
test.describe("a live campaign", () => {
  let live: { url: string; dataDir: string; stop(): Promise<void> };
  test.beforeAll(async () => {
    // A dated window around any day the suite runs on: the page and the plans page alike.
    live = await startBuiltServer({ env: { REWARD_CAMPAIGNS: "black_friday:2000-01-01:2100-01-01" } });
  });
  test.afterAll(() => live.stop());

  test("promises the discount and the last day the plans page charges", async ({ browser }) => {
    const context = await browser.newContext({ baseURL: live.url });
    const page = await context.newPage();
    await skipGuide(page);

    await page.goto("/en-US/activity/black-friday");
    const yearly = page.locator('[data-offer="yearly"] h3');
    const promised = Number(/(\d+)% off/.exec((await yearly.textContent()) ?? "")?.[1]);
    const ends = (await page.locator(".activity-hero .ends").textContent())?.replace("Offer ends ", "");
    expect(ends).toBe("December 31, 2099");

    await signUpInBrowser(page, { dataDir: live.dataDir });
    await page.goto("/drive/payment");
    const card = page.locator('.plan-card[data-product="premium-year"]');
    const prices = (await card.locator(".price").textContent()) ?? "";
    const [original, charged] = [...prices.matchAll(/\$([\d,]+\.\d{2})/g)].map((m) =>
      Number(m[1]?.replace(/,/g, "")),
    );
    expect(original && charged).toBeTruthy();
    expect(Math.round((1 - (charged as number) / (original as number)) * 100)).toBe(promised);
    await expect(card.locator(".campaign-ends")).toHaveText(`Offer ends on ${ends}`);
    await context.close();
  });
});
