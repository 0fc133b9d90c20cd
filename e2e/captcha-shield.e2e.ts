import type { Page } from "@playwright/test";
import { startBuiltServer } from "../scripts/built-server.mjs";
import { bundleForBrowser } from "./support/bundle.js";
import { expect, test } from "./support/fixtures.js";

// The captcha shield end to end in Chromium: a protected call is
// refused with captcha_required, the web client's captcha flow inits, the server
// answers a challenge url, the real challenge page (ALTCHA proof of work) runs in the
// 320×430 modal, its redirect hands the token back, and the retried call succeeds.
// Its own server: every protected action needs a challenge, with a light proof of work.

const SCREENSHOTS = new URL("../test-results/screenshots/", import.meta.url);
const screenshot = (name: string) => new URL(name, SCREENSHOTS).pathname;

let server: { url: string; stop(): Promise<void> };
let host: string;

test.beforeAll(async () => {
  server = await startBuiltServer({
    env: {
      CAPTCHA_MODE: "always",
      CAPTCHA_ACTIONS: "GET:/drive/v1/privilege/area_country_code",
      CAPTCHA_POW_COST: "10",
      CAPTCHA_POW_COUNTER: "400",
    },
  });
  // The same origin as the server, so the frame's redirect back is readable by the host.
  host = `${server.url.replace("127.0.0.1", "localhost")}/e2e-captcha-host`;
});
test.afterAll(() => server.stop());

async function openHost(page: Page, theme: "light" | "dark") {
  const script = await bundleForBrowser("e2e/harness/captcha-shield.ts", "shield");
  await page.route(host, (route) =>
    route.fulfill({
      contentType: "text/html; charset=utf-8",
      body: `<!doctype html><meta charset="utf-8"><body><script>${script}</script>`,
    }),
  );
  await page.context().addCookies([{ name: "pp_theme", value: theme, url: host }]);
  await page.goto(host);
  await page.evaluate(() => {
    const w = window as unknown as {
      shield: { protectedCall: (path: string) => Promise<unknown> };
      outcome?: unknown;
    };
    w.shield.protectedCall("/drive/v1/privilege/area_country_code").then(
      (result) => {
        w.outcome = { result };
      },
      (error: { error?: string }) => {
        w.outcome = { error: error.error ?? String(error) };
      },
    );
  });
}

const outcome = (page: Page) => page.evaluate(() => (window as unknown as { outcome?: unknown }).outcome);

test("a refused call passes the real challenge in the modal and succeeds on retry", async ({ page }) => {
  await page.setViewportSize({ width: 1440, height: 900 });
  await openHost(page, "light");
  const dialog = page.getByRole("dialog", { name: "Security check" });
  await expect(dialog).toBeVisible();
  const frame = dialog.locator("iframe");
  expect(await frame.boundingBox()).toMatchObject({ width: 320, height: 430 });
  const challenge = page.frameLocator("iframe");
  await expect(challenge.getByRole("heading", { level: 1 })).toHaveText("セキュリティチェック");
  const checkbox = challenge.getByRole("checkbox");
  await expect(checkbox).toBeVisible();
  await page.screenshot({ path: screenshot("captcha-challenge-1440x900-light.png") });
  // As a person does: on the label (the box's check-mark drawing lies over the input).
  await challenge.getByText("私はロボットではありません").click();
  await expect.poll(() => outcome(page), { timeout: 20_000 }).toEqual({ result: { countryCode: "" } });
  await expect(dialog).toHaveCount(0);
  const exchanges = await page.evaluate(() => (window as unknown as { exchanges: string[] }).exchanges);
  expect(exchanges).toEqual([
    "GET /drive/v1/privilege/area_country_code 401",
    "POST /v1/shield/captcha/init 200",
    "GET /drive/v1/privilege/area_country_code 200",
  ]);
  const stored = await page.evaluate(() => JSON.parse(localStorage.getItem("captcha_nimbus-web") ?? "{}"));
  expect(stored).toMatchObject({ action: "GET:/drive/v1/privilege/area_country_code", expires_in: 300 });
  expect(stored.captcha_token).toMatch(/^ck1\./);
});

test("closing the challenge early cancels the call", async ({ page }) => {
  await openHost(page, "dark");
  const dialog = page.getByRole("dialog", { name: "Security check" });
  await expect(page.frameLocator("iframe").getByRole("checkbox")).toBeVisible();
  await dialog.getByRole("button", { name: "Close" }).click();
  await expect.poll(() => outcome(page)).toEqual({ error: "cancelled" });
});

test("the challenge page in dark mode and on a phone", async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await openHost(page, "dark");
  const challenge = page.frameLocator("iframe");
  await expect(challenge.getByRole("checkbox")).toBeVisible();
  const background = await challenge
    .locator("body")
    .evaluate((body) => getComputedStyle(body).backgroundColor);
  expect(background).toBe("rgb(23, 26, 33)");
  await page.screenshot({ path: screenshot("captcha-challenge-390x844-dark.png") });
});
