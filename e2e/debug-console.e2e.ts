import type { Page } from "@playwright/test";
import { expect, hydrated, test } from "./support/fixtures.js";
import { signUpInBrowser } from "./support/session.js";

/**
 * Clicks the page heading (nothing happens on it) `count` times, `gapMs` apart on the
 * page's clock (installed by `pageWithClock`), so the gap is exact however loaded the
 * machine. Back-to-back clicks are dispatched inside the page in one go: driving them one
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
    // The gesture is about clicks more than 200 ms apart: the page's clock moves on by the gap.
    if (i > 0) await page.clock.runFor(gapMs);
    await page.mouse.click(x, y);
  }
}

/** The page's clock under the test's hand (time still flows on its own between steps). */
async function pageWithClock(page: Page) {
  // Under faketime the fixture has installed it already for every context.
  if (!process.env.FAKETIME) await page.clock.install();
}

/**
 * The clicks that should not open the console are an absence. The gesture decides at each
 * click, in the click's own handler, and an opening click imports vConsole's chunk there and
 * then; so the chunk's requests are recorded with the step under way, and the steps meant not
 * to open it must have none. A round trip to the page after each step (`settled`) makes sure
 * its click handlers have run before the next step is named.
 */
function vconsoleLoads(page: Page) {
  const loads: string[] = [];
  let step = "load";
  page.on("request", (request) => {
    if (request.resourceType() === "script" && /vconsole/i.test(request.url())) loads.push(step);
  });
  return {
    loads,
    async settled(next: string) {
      await page.evaluate(() => document.readyState);
      step = next;
    },
  };
}

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
    await pageWithClock(page);
    const chunk = vconsoleLoads(page);
    await page.goto("/");
    await hydrated(page);
    await chunk.settled("slow clicks");
    await clicks(page, 6, 320);
    await chunk.settled("fast clicks");
    await expect(page.locator("#__vconsole")).not.toBeAttached();
    await clicks(page, 5, 0);
    await expect(page.locator("#__vconsole")).toBeAttached();
    expect(chunk.loads, "vConsole's chunk asked for by the fast clicks only").toEqual(["fast clicks"]);
  });

  test("four fast clicks are not enough", async ({ page }) => {
    await pageWithClock(page);
    const chunk = vconsoleLoads(page);
    await page.goto("/");
    await hydrated(page);
    await chunk.settled("four clicks");
    await clicks(page, 4, 0);
    await chunk.settled("five clicks");
    await expect(page.locator("#__vconsole")).not.toBeAttached();
    // A pause longer than the gesture's gap, so the five do not continue the four.
    await page.clock.runFor(320);
    await clicks(page, 5, 0);
    await expect(page.locator("#__vconsole")).toBeAttached();
    expect(chunk.loads, "vConsole's chunk asked for by the fifth click only").toEqual(["five clicks"]);
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
  const chunk = vconsoleLoads(page);
  await hydrated(page);
  await chunk.settled("clicks");
  await clicks(page, 5, 0);
  await chunk.settled("after");
  await expect(page.locator("#__vconsole")).not.toBeAttached();
  expect(chunk.loads, "vConsole's chunk never asked for").toEqual([]);
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
