import type { Page } from "@playwright/test";
import { expect, hydrated, test } from "./support/fixtures.js";
import { signUpInBrowser } from "./support/session.js";

/**
 * Clicks the page heading (nothing happens on it) `count` times, `gapMs` apart.
 * Back-to-back clicks are dispatched inside the page in one go: driving them one
 * by one from the test can take over 200 ms each on a loaded machine.
 */
async function clicks(page: Page, count: number, gapMs: number) {
  const box = await page.getByRole("heading", { level: 1 }).boundingBox();
  if (!box) throw new Error("no heading to click");
  const x = box.x + 4;
  const y = box.y + box.height / 2;
  if (gapMs === 0) {
    await page.evaluate(
      ([px, py, n]) => {
        const target = document.elementFromPoint(px, py) ?? document.body;
        for (let i = 0; i < n; i++) {
          target.dispatchEvent(
            new MouseEvent("click", { bubbles: true, cancelable: true, clientX: px, clientY: py }),
          );
        }
      },
      [x, y, count] as const,
    );
    return;
  }
  for (let i = 0; i < count; i++) {
    // This one measures time: the gesture is about clicks more than 200 ms apart.
    if (i > 0) await page.waitForTimeout(gapMs);
    await page.mouse.click(x, y);
  }
}

/**
 * Clicks that should not open the console: an absence, so a window. Had they opened it,
 * vConsole's chunk would be asked for and mounted within this time; no state marks that
 * the gesture has decided against it. The journeys with the flag follow it with five fast
 * clicks that do open it, so the window is not passed by a page that ignores every click.
 */
const NOT_OPENED_WINDOW_MS = 500;

test.describe("with allow_vconsole (pp_allow_vconsole=1 override)", () => {
  test.beforeEach(async ({ context, baseURL }) => {
    await context.addCookies([{ name: "pp_allow_vconsole", value: "1", url: baseURL ?? "" }]);
  });

  test("5 fast clicks load vConsole; the close button destroys it", async ({ page }) => {
    const scripts: string[] = [];
    const errors: string[] = [];
    page.on("pageerror", (error) => errors.push(error.message));
    page.on("request", (request) => {
      if (request.resourceType() === "script") scripts.push(request.url());
    });
    await page.goto("/");
    await hydrated(page);
    expect(
      scripts.some((url) => /vconsole/i.test(url)),
      "not in the first load",
    ).toBe(false);

    await clicks(page, 5, 0);
    await expect(page.locator("#__vconsole")).toBeAttached();
    expect(scripts.some((url) => /vconsole/i.test(url))).toBe(true);

    await page.getByRole("button", { name: "Close debug console" }).click();
    await expect(page.locator("#__vconsole")).not.toBeAttached();
    await expect(page.getByRole("button", { name: "Close debug console" })).toHaveCount(0);
    expect(errors).toEqual([]);

    // The gesture opens it again after a close.
    await clicks(page, 5, 0);
    await expect(page.locator("#__vconsole")).toBeAttached();
  });

  test("slow clicks (over 200 ms apart) do not open it", async ({ page }) => {
    await page.goto("/");
    await hydrated(page);
    await clicks(page, 6, 320);
    await page.waitForTimeout(NOT_OPENED_WINDOW_MS);
    await expect(page.locator("#__vconsole")).not.toBeAttached();
    await clicks(page, 5, 0);
    await expect(page.locator("#__vconsole")).toBeAttached();
  });

  test("four fast clicks are not enough", async ({ page }) => {
    await page.goto("/");
    await hydrated(page);
    await clicks(page, 4, 0);
    await page.waitForTimeout(NOT_OPENED_WINDOW_MS);
    await expect(page.locator("#__vconsole")).not.toBeAttached();
    await clicks(page, 5, 0);
    await expect(page.locator("#__vconsole")).toBeAttached();
  });
});

test("without the flag (the default remote config leaves it off) fast clicks do nothing", async ({
  page,
}) => {
  const config = page.waitForResponse((response) => response.url().includes("/config/v1/basic"));
  await page.goto("/");
  const answer = await config;
  expect(answer.status()).toBe(200);
  expect(
    ((await answer.json()) as { data: { debug_options: { allow_vconsole: boolean } } }).data.debug_options,
  ).toEqual({
    allow_vconsole: false,
  });
  await hydrated(page);
  await clicks(page, 5, 0);
  await page.waitForTimeout(NOT_OPENED_WINDOW_MS);
  await expect(page.locator("#__vconsole")).not.toBeAttached();
});

test("a signed-in page reads the remote config too (its POST names the client, so the session cookie is not refused)", async ({
  page,
}) => {
  await signUpInBrowser(page);
  const config = page.waitForResponse((response) => response.url().includes("/config/v1/basic"));
  await page.goto("/");
  const answer = await config;
  expect(answer.status(), await answer.text()).toBe(200);
});
