import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import type { Page } from "@playwright/test";
import { bundleForBrowser } from "./support/bundle.js";
import { expect, test } from "./support/fixtures.js";

// The layout state (spec §3, §9) in a browser: harness/layout-state.tsx.
let server: Server;
let origin: string;

test.beforeAll(async () => {
  const script = await bundleForBrowser("e2e/harness/layout-state.tsx", "harness");
  server = createServer((_request, response) => {
    response.writeHead(200, { "content-type": "text/html; charset=utf-8" });
    response.end(
      `<!doctype html><html data-theme="system"><meta charset="utf-8"><div id="root"></div><script>${script}</script>`,
    );
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
test.afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

async function state(page: Page): Promise<Record<string, unknown>> {
  return JSON.parse((await page.locator("output").textContent()) ?? "{}");
}

test("isMobile follows the 768 px breakpoint as the window resizes", async ({ page }) => {
  await page.setViewportSize({ width: 1024, height: 800 });
  await page.goto(`${origin}/layout-state`);
  await expect
    .poll(() => state(page))
    .toMatchObject({ isMobile: false, serverTime: 1234, routingPath: "/layout-state" });
  await page.setViewportSize({ width: 768, height: 800 });
  await expect.poll(() => state(page)).toMatchObject({ isMobile: true });
  await page.setViewportSize({ width: 769, height: 800 });
  await expect.poll(() => state(page)).toMatchObject({ isMobile: false });
});

test("darkMode follows the system under data-theme=system, and setDarkMode saves pp_theme", async ({
  page,
  context,
}) => {
  await page.emulateMedia({ colorScheme: "dark" });
  await page.goto(`${origin}/layout-state`);
  await expect.poll(() => state(page)).toMatchObject({ darkMode: true });
  await page.emulateMedia({ colorScheme: "light" });
  await expect.poll(() => state(page)).toMatchObject({ darkMode: false });

  await page.getByRole("button", { name: "toggle dark" }).click();
  await expect.poll(() => state(page)).toMatchObject({ darkMode: true });
  await expect(page.locator("html")).toHaveAttribute("data-theme", "dark");
  expect((await context.cookies()).find((c) => c.name === "pp_theme")?.value).toBe("dark");

  await page.getByRole("button", { name: "toggle sidebar" }).click();
  await expect.poll(() => state(page)).toMatchObject({ sidebarMobileVisible: true });
});
