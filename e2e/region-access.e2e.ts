import type { BrowserContext } from "@playwright/test";
import { startBuiltServer } from "../scripts/built-server.mjs";
import { browserClockNow } from "./support/chromium.js";
import { catalogue, expect, test } from "./support/fixtures.js";

// The region check of spec §4 against the real server: a visitor whose address is in
// a blocked country (TRUST_PROXY lets the journey present one with X-Forwarded-For)
// gets the block page and the stored verdict; an allowed one gets the access-ok
// cookie for 10 minutes; inside the app nothing is asked.

const en = catalogue("en-US");
const BLOCKED_ADDRESS = "77.88.8.8"; // RU in the bundled database
const ALLOWED_ADDRESS = "8.8.8.8"; // US
const SCREENSHOTS = new URL("../test-results/screenshots/", import.meta.url);

let server: { url: string; stop(): Promise<void> };

test.beforeAll(async () => {
  server = await startBuiltServer({ env: { TRUST_PROXY: "true", BLOCKED_COUNTRIES: "RU" } });
});
test.afterAll(() => server.stop());

async function cookie(context: BrowserContext, name: string) {
  return (await context.cookies(server.url)).find((entry) => entry.name === name);
}

test("a visitor from a blocked country sees the block page, then again on reload from the stored verdict", async ({
  page,
  context,
}) => {
  await context.setExtraHTTPHeaders({ "x-forwarded-for": BLOCKED_ADDRESS });
  const checks: string[] = [];
  page.on("request", (request) => {
    if (request.url().includes("/access_controller/v1/area_accessible")) checks.push(request.url());
  });
  await page.goto(`${server.url}/en-US`);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(en["block.title"] ?? "");
  expect(checks).toHaveLength(1);
  const verdict = await cookie(context, "pp_ip_block");
  expect(verdict?.value).toBe("blocked");
  const lifetime = (verdict?.expires ?? 0) - browserClockNow() / 1000;
  expect(lifetime).toBeGreaterThan(590);
  expect(lifetime).toBeLessThanOrEqual(600);
  expect(await cookie(context, "pp_access_to_visit")).toBeUndefined();

  // The server renders the block page from the stored verdict; no new check for 10 minutes.
  await page.reload();
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(en["block.title"] ?? "");
  expect(checks).toHaveLength(1);
  // Policies stay readable.
  await page.goto(`${server.url}/en-US/policy/privacy-policy`);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Privacy Policy");

  for (const [width, height] of [
    [1440, 900],
    [390, 844],
  ] as const) {
    for (const theme of ["light", "dark"] as const) {
      await context.addCookies([{ name: "pp_theme", value: theme, url: server.url }]);
      await page.setViewportSize({ width, height });
      await page.goto(`${server.url}/en-US`);
      await expect(page.getByRole("heading", { level: 1 })).toHaveText(en["block.title"] ?? "");
      const file = new URL(`block-page-${width}x${height}-${theme}.png`, SCREENSHOTS).pathname;
      await page.screenshot({ path: file });
    }
  }
});

test("'Check again' asks afresh and opens the site once access is granted", async ({ page, context }) => {
  await context.setExtraHTTPHeaders({ "x-forwarded-for": BLOCKED_ADDRESS });
  await page.goto(`${server.url}/en-US`);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(en["block.title"] ?? "");
  await page.getByRole("button", { name: en["block.checkAgain"] ?? "" }).click();
  await expect(page.getByRole("status").filter({ hasText: en["block.stillBlocked"] ?? "" })).toBeVisible();

  await context.setExtraHTTPHeaders({ "x-forwarded-for": ALLOWED_ADDRESS });
  await page.getByRole("button", { name: en["block.checkAgain"] ?? "" }).click();
  await expect(page.getByRole("heading", { level: 1 })).not.toHaveText(en["block.title"] ?? "");
  expect(await cookie(context, "pp_ip_block")).toBeUndefined();
  expect((await cookie(context, "pp_access_to_visit"))?.value).toBe("1");
});

test("an allowed visitor gets the access-ok cookie for 10 minutes and the page", async ({
  page,
  context,
}) => {
  await context.setExtraHTTPHeaders({ "x-forwarded-for": ALLOWED_ADDRESS });
  const answer = page.waitForResponse((response) =>
    response.url().includes("/access_controller/v1/area_accessible"),
  );
  await page.goto(`${server.url}/en-US`);
  expect(await (await answer).json()).toEqual({ accessible: true });
  await expect.poll(async () => (await cookie(context, "pp_access_to_visit"))?.value).toBe("1");
  const lifetime = ((await cookie(context, "pp_access_to_visit"))?.expires ?? 0) - browserClockNow() / 1000;
  expect(lifetime).toBeGreaterThan(590);
  await expect(page.getByRole("heading", { level: 1 })).not.toHaveText(en["block.title"] ?? "");
});

test("inside the app the check is skipped", async ({ page, context }) => {
  await context.setExtraHTTPHeaders({ "x-forwarded-for": BLOCKED_ADDRESS });
  await page.addInitScript(() => {
    (window as unknown as { NimbusAppBridge: object }).NimbusAppBridge = {};
  });
  const checks: string[] = [];
  page.on("request", (request) => {
    if (request.url().includes("/access_controller/")) checks.push(request.url());
  });
  await page.goto(`${server.url}/en-US`);
  await page.waitForLoadState("networkidle");
  expect(checks).toEqual([]);
  await expect(page.getByRole("heading", { level: 1 })).not.toHaveText(en["block.title"] ?? "");
});
