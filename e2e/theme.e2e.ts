import type { Page } from "@playwright/test";
import { expect, test } from "./support/fixtures.js";

// No flash: the colours are right in the server HTML, before any script runs.
test.use({ javaScriptEnabled: false });

/** "dark" or "light": the page background's relative luminance, whatever the palette. */
async function scheme(page: Page): Promise<"dark" | "light"> {
  const color = await page.evaluate(() => getComputedStyle(document.body).backgroundColor);
  const [r = 0, g = 0, b = 0] = (color.match(/\d+(\.\d+)?/g) ?? []).map(Number);
  return 0.2126 * r + 0.7152 * g + 0.0722 * b < 128 ? "dark" : "light";
}

test("pp_theme=dark renders dark even on a light system", async ({ page, context, baseURL }) => {
  await page.emulateMedia({ colorScheme: "light" });
  await context.addCookies([{ name: "pp_theme", value: "dark", url: baseURL ?? "" }]);
  await page.goto("/");
  await expect(page.locator("html")).toHaveAttribute("data-theme", "dark");
  expect(await scheme(page)).toBe("dark");
});

test("pp_theme=light renders light even on a dark system", async ({ page, context, baseURL }) => {
  await page.emulateMedia({ colorScheme: "dark" });
  await context.addCookies([{ name: "pp_theme", value: "light", url: baseURL ?? "" }]);
  await page.goto("/");
  expect(await scheme(page)).toBe("light");
});

test("without pp_theme the system scheme is followed", async ({ page }) => {
  await page.emulateMedia({ colorScheme: "dark" });
  await page.goto("/");
  await expect(page.locator("html")).toHaveAttribute("data-theme", "system");
  expect(await scheme(page)).toBe("dark");
  await page.emulateMedia({ colorScheme: "light" });
  expect(await scheme(page)).toBe("light");
});
