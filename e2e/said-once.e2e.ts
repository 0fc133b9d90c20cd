import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { skipGuide } from "./support/drive.js";
import { catalogue, expect, test } from "./support/fixtures.js";
import { signUpInBrowser } from "./support/session.js";

// Issue 33, item 14: the sign-in page says "New here? The same code creates your account."
// once, its method tabs stay one line on a phone, and the URL checker shows one "File name".
const en = catalogue("en-US");

let files: Server;
let origin = "";
test.beforeAll(async () => {
  files = createServer((request, response) => {
    response.writeHead(200, {
      "content-type": "text/plain",
      "content-length": "5",
      "content-disposition": 'attachment; filename="said-once.txt"',
    });
    response.end(request.method === "HEAD" ? undefined : "hello");
  });
  await new Promise<void>((resolve) => files.listen(0, "127.0.0.1", resolve));
  origin = `http://127.0.0.1:${(files.address() as AddressInfo).port}`;
});
test.afterAll(async () => {
  await new Promise<void>((resolve) => files.close(() => resolve()));
});

test.describe("on a 360 px phone", () => {
  test.use({ viewport: { width: 360, height: 780 }, isMobile: true, hasTouch: true });

  for (const locale of ["en-US", "ru", "id"] as const) {
    test(`sign-in says the code creates the account once; tabs on one line (${locale})`, async ({
      page,
      baseURL,
    }) => {
      await page.context().addCookies([{ name: "pp_locale", value: locale, url: baseURL ?? "" }]);
      await page.goto("/drive/login");
      const texts = catalogue(locale);
      const newHere = /New here\?|¿Eres nuevo|Baru di sini|Впервые здесь|Новий тут/;
      await expect(page.getByRole("tab").first()).toBeVisible();
      await expect(page.getByText(newHere)).toHaveCount(1);
      for (const key of ["accounts.tab.code", "accounts.tab.password"]) {
        const tab = page.getByRole("tab", { name: texts[key] });
        const box = await tab.boundingBox();
        const lineHeight = await tab.evaluate((element) =>
          Number.parseFloat(getComputedStyle(element).lineHeight),
        );
        expect(box?.height, key).toBeLessThanOrEqual(Math.max(40, lineHeight * 1.5 + 8));
        expect(await tab.evaluate((element) => element.scrollWidth <= element.clientWidth), key).toBe(true);
      }
    });
  }
});

test("the URL checker names the file once when the server knows it", async ({ page }) => {
  await skipGuide(page);
  await signUpInBrowser(page);
  await page.goto(`/url-checker?${new URLSearchParams({ url: `${origin}/said-once.txt` })}`);
  await expect(page.locator(".checked-details")).toBeVisible({ timeout: 30_000 });
  await expect(page.locator("dt").filter({ hasText: en["urlChecker.field.name"] ?? "" })).toHaveCount(1);
  await expect(page.locator("dd").filter({ hasText: "said-once.txt" })).toHaveCount(1);
});
