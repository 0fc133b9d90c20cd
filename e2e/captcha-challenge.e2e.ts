import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import type { Page } from "@playwright/test";
import { bundleForBrowser } from "./support/bundle.js";
import { expect, test } from "./support/fixtures.js";

// The captcha modal (spec §2, §4) in a real browser: apps/web's showChallenge
// bundled onto a host page, with a fake challenge page on the same loopback site.
// The challenge posts `responsiveLayout` on "Bigger" and redirects to an address
// carrying the token on "Pass".
const CHALLENGE = `<!doctype html><meta charset="utf-8"><body>
<button id="bigger" onclick="parent.postMessage({ action: 'responsiveLayout', width: 360, height: 500 }, '*')">Bigger</button>
<button id="pass" onclick="location.href = '/done?captcha_token=tok-123&expires_in=600'">Pass</button>
</body>`;

let server: Server;
let origin: string;

test.beforeAll(async () => {
  const script = await bundleForBrowser("apps/web/app/components/platform/captcha-challenge.ts", "platform");
  server = createServer((request, response) => {
    const path = request.url?.split("?")[0];
    const html = (body: string) => {
      response.writeHead(200, { "content-type": "text/html; charset=utf-8" });
      response.end(body);
    };
    if (path === "/host")
      return html(`<!doctype html><meta charset="utf-8"><body><script>${script}</script>`);
    if (path === "/host-shield")
      return html(
        `<!doctype html><meta charset="utf-8"><body><div id="shield-app"></div><script>${script}</script>`,
      );
    if (path === "/challenge") return html(CHALLENGE);
    if (path === "/done") return html("<!doctype html><p>done</p>");
    response.writeHead(404).end();
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
test.afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

/** Starts the challenge; its outcome lands in `window.outcome`. */
async function start(page: Page, hostPath: string) {
  await page.goto(`${origin}${hostPath}`);
  await page.evaluate((url) => {
    const w = window as unknown as {
      platform: { showChallenge: (url: string, labels: object) => Promise<unknown> };
      outcome?: unknown;
    };
    w.platform.showChallenge(url, { title: "Security check", close: "Close" }).then(
      (result) => {
        w.outcome = { result };
      },
      (error: { error?: string; code?: number }) => {
        w.outcome = { error: error.error, code: error.code };
      },
    );
  }, `${origin}/challenge`);
}

const outcome = (page: Page) => page.evaluate(() => (window as unknown as { outcome?: unknown }).outcome);

test("a 320×430 frame in a generated overlay; passing resolves with the redirect's token", async ({
  page,
}) => {
  await start(page, "/host");
  const dialog = page.getByRole("dialog", { name: "Security check" });
  await expect(dialog).toBeVisible();
  const frame = dialog.locator("iframe");
  expect(await frame.boundingBox()).toMatchObject({ width: 320, height: 430 });
  const overlayZ = await dialog.evaluate((box) => getComputedStyle(box.parentElement as Element).zIndex);
  expect(overlayZ).toBe("2000");

  await page.frameLocator("iframe").locator("#bigger").click();
  await expect.poll(async () => (await frame.boundingBox())?.width).toBe(360);
  expect((await frame.boundingBox())?.height).toBe(500);

  await page.frameLocator("iframe").locator("#pass").click();
  await expect.poll(() => outcome(page)).toEqual({ result: { captcha_token: "tok-123", expires_in: 600 } });
  await expect(dialog).toHaveCount(0);
  expect(await page.evaluate(() => document.body.children.length)).toBe(1); // the script only
});

test("closing the challenge first rejects as cancelled", async ({ page }) => {
  await start(page, "/host");
  await page.getByRole("button", { name: "Close" }).click();
  await expect.poll(() => outcome(page)).toEqual({ error: "cancelled", code: 1 });
  await expect(page.getByRole("dialog")).toHaveCount(0);
});

test("inside #shield-app when the page has one", async ({ page }) => {
  await start(page, "/host-shield");
  await expect(page.locator("#shield-app").getByRole("dialog", { name: "Security check" })).toBeVisible();
  await page.keyboard.press("Escape");
  await expect.poll(() => outcome(page)).toEqual({ error: "cancelled", code: 1 });
  await expect(page.locator("#shield-app")).toBeEmpty();
});
