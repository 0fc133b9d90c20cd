import { LOCALES } from "@nimbus/protocol";
import { catalogue, expect, test } from "./support/fixtures.js";

for (const [path, locale] of [
  ["/", "en-US"],
  ["/ja", "ja"],
  ["/zh-TW", "zh-TW"],
] as const) {
  test(`home in ${locale}: <html lang> and the localized heading`, async ({ page }) => {
    const response = await page.goto(path);
    expect(response?.status()).toBe(200);
    await expect(page.locator("html")).toHaveAttribute("lang", locale);
    const heading = catalogue(locale)["page.home.title"];
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(heading ?? "");
    if (locale !== "en-US") expect(heading).not.toBe(catalogue("en-US")["page.home.title"]);
  });
}

test("switching language in the menu is kept after a reload and on unprefixed pages", async ({
  page,
  context,
}) => {
  await page.goto("/en-US/faq");
  await page.getByRole("button", { name: /English/ }).click();
  await page.getByRole("link", { name: "日本語" }).click();
  await expect(page).toHaveURL(/\/ja\/faq$/);
  await expect(page.locator("html")).toHaveAttribute("lang", "ja");
  const cookies = await context.cookies();
  expect(cookies.find((c) => c.name === "pp_locale")?.value).toBe("ja");

  await page.reload();
  await expect(page.locator("html")).toHaveAttribute("lang", "ja");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(catalogue("ja")["page.faq.title"] ?? "");

  await page.goto("/drive/all");
  await expect(page.locator("html")).toHaveAttribute("lang", "ja");
});

test("an unsupported ?locale= is ignored", async ({ page, context }) => {
  const response = await page.goto("/?locale=xx");
  expect(response?.status()).toBe(200);
  expect(new URL(page.url()).search).toBe("?locale=xx");
  await expect(page.locator("html")).toHaveAttribute("lang", "en-US");
  expect((await context.cookies()).some((c) => c.name === "pp_locale")).toBe(false);
});

test("a share path with a locale prefix is rewritten and the locale stored", async ({ page, context }) => {
  const response = await page.goto("/ja/s/abc");
  // No share "abc" exists: its status page, with 404 in the HTTP status.
  expect(response?.status()).toBe(404);
  expect(new URL(page.url()).pathname).toBe("/s/abc");
  await expect(page.locator("html")).toHaveAttribute("lang", "ja");
  expect((await context.cookies()).find((c) => c.name === "pp_locale")?.value).toBe("ja");
});

test("the public header fits a 360 px phone in every language, the sign-in label on one line", async ({
  browser,
  baseURL,
}) => {
  const context = await browser.newContext({ viewport: { width: 360, height: 740 }, isMobile: true });
  const page = await context.newPage();
  for (const locale of LOCALES) {
    await page.goto(`${baseURL}/${locale}`);
    const fit = await page.evaluate(() => {
      const button = document.querySelector(".site-header .header-actions .button");
      const range = document.createRange();
      if (button) range.selectNodeContents(button);
      return {
        overflow: document.documentElement.scrollWidth - document.documentElement.clientWidth,
        lines: button ? range.getClientRects().length : 0,
      };
    });
    expect(fit, locale).toEqual({ overflow: 0, lines: 1 });
  }
  await context.close();
});
