import { startBuiltServer } from "../scripts/built-server.mjs";
import { expect, test } from "./support/fixtures.js";

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
