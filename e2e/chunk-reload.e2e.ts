import type { Page } from "@playwright/test";
import { expect, test } from "./support/fixtures.js";

/** Makes a dynamic import fail without anyone catching it. */
function failDynamicImport(page: Page) {
  return page.evaluate(() => {
    setTimeout(() => void import(`/assets/missing-chunk-${Date.now()}.js`), 0);
  });
}

/** Counts the page's full loads from now on. */
function countLoads(page: Page) {
  const counter = { loads: 0 };
  page.on("load", () => {
    counter.loads += 1;
  });
  return counter;
}

test("a chunk load error reloads the page once per path within 10 s", async ({ page }) => {
  await page.goto("/en-US/faq");
  await page.waitForLoadState("networkidle");
  const counter = countLoads(page);

  await failDynamicImport(page);
  await expect.poll(() => counter.loads).toBe(1);
  await page.waitForLoadState("networkidle");

  // The second failure is left to the browser (an uncaught rejection, a page error) instead
  // of reloading: the page error is the handler's decision, so no pause is needed.
  const uncaught = page.waitForEvent("pageerror", (error) => error.message.includes("missing-chunk-"));
  await failDynamicImport(page);
  await uncaught;
  expect(counter.loads, "no second reload of the same path within 10 s").toBe(1);
  const history = await page.evaluate(() => JSON.parse(sessionStorage.getItem("pp_chunk_reload") ?? "{}"));
  expect(Object.keys(history)).toEqual(["/en-US/faq"]);
});

test("Vite's preload error reloads too, and another path has its own allowance", async ({ page }) => {
  await page.goto("/en-US/help-center");
  await page.waitForLoadState("networkidle");
  await page.evaluate(() =>
    sessionStorage.setItem("pp_chunk_reload", JSON.stringify({ "/en-US/faq": Date.now() })),
  );
  const counter = countLoads(page);
  const prevented = await page.evaluate(() => {
    const event = new Event("vite:preloadError", { cancelable: true }) as Event & { payload?: unknown };
    event.payload = new TypeError("Failed to fetch dynamically imported module: /assets/gone.js");
    window.dispatchEvent(event);
    return event.defaultPrevented;
  });
  expect(prevented).toBe(true);
  await expect.poll(() => counter.loads).toBe(1);
});
