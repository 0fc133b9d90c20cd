import { catalogue, expect, test } from "./support/fixtures.js";

test("an unknown path is the 404 page: message, logo and tip", async ({ page }) => {
  const response = await page.goto("/no/such/page");
  expect(response?.status()).toBe(404);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Page Not Found: /no/such/page");
  await expect(page.locator(".error-page svg.logo")).toBeVisible();
  await expect(page.getByText(catalogue("en-US")["error.notFoundTip"] ?? "")).toBeVisible();
});

test("an unsupported locale segment is a 404 too", async ({ page }) => {
  const response = await page.goto("/xx/faq");
  expect(response?.status()).toBe(404);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Page Not Found: /xx/faq");
});

test("a bot gets the plain status of a missing page, never the error page", async ({ request }) => {
  const response = await request.get("/no/such/page", {
    headers: { "user-agent": "Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)" },
  });
  expect(response.status()).toBe(404);
  expect(response.headers()["content-type"]).toContain("text/plain");
  expect(await response.text()).toBe("404 Not Found\n");
});
