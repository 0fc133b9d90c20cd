import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import type { Page } from "@playwright/test";
import { bundleForBrowser } from "./support/bundle.js";
import { expect, test } from "./support/fixtures.js";

// The page action dispatcher (spec §4) in a browser: harness/page-actions.tsx
// mounts PageActionsProvider over a React Router browser router.
let server: Server;
let origin: string;

test.beforeAll(async () => {
  const script = await bundleForBrowser("e2e/harness/page-actions.tsx", "harness");
  server = createServer((request, response) => {
    if (!request.url?.startsWith("/page-actions")) return void response.writeHead(404).end();
    response.writeHead(200, { "content-type": "text/html; charset=utf-8" });
    response.end(`<!doctype html><meta charset="utf-8"><div id="root"></div><script>${script}</script>`);
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
test.afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

const calls = (page: Page) => page.evaluate(() => window.calls);

test("?action= is dispatched on load and on every navigation", async ({ page }) => {
  await page.goto(`${origin}/page-actions?action=show_storage_dialog&n=1`);
  await expect.poll(() => calls(page)).toEqual(['storage {"n":"1"}']);
  await page.getByRole("link", { name: "storage again" }).click();
  await expect.poll(() => calls(page)).toEqual(['storage {"n":"1"}', 'storage {"n":"2"}']);
});

test("an action waits for a handler registered later on the same page", async ({ page }) => {
  await page.goto(`${origin}/page-actions`);
  await page.getByRole("link", { name: "redeem" }).click();
  await page.waitForURL(/action=open_redeem_box/);
  expect(await calls(page)).toEqual([]);
  await page.getByRole("button", { name: "mount redeem" }).click();
  await expect.poll(() => calls(page)).toEqual(['redeem {"code":"abc"}']);
});

test("a waiting action is dropped on the next navigation; unknown actions are ignored", async ({ page }) => {
  await page.goto(`${origin}/page-actions?action=open_redeem_box&code=x`);
  await page.getByRole("link", { name: "plain" }).click();
  await page.waitForURL(/\/page-actions$/);
  await page.getByRole("button", { name: "mount redeem" }).click();
  // Not a pause to see that nothing comes: the handler, mounted now, answers the next
  // redeem link, so the calls list that follows holds only that answer unless the
  // dropped action reached it on mount.
  await page.getByRole("link", { name: "redeem" }).click();
  await expect.poll(() => calls(page)).toEqual(['redeem {"code":"abc"}']);
  await page.goto(`${origin}/page-actions?action=no_such_action`);
  await page.getByRole("button", { name: "mount redeem" }).click();
  await page.getByRole("link", { name: "redeem" }).click();
  await expect.poll(() => calls(page)).toEqual(['redeem {"code":"abc"}']);
});
