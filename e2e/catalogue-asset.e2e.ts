import type { Page } from "@playwright/test";
import { catalogue, expect, test } from "./support/fixtures.js";

// Pages name their locale's catalogue (a hashed, immutable asset) instead of carrying it
// (decision 0034). The browser loads it before hydrating and before moving to another
// locale, so no text ever shows as its key; without scripts the page is complete.

/** Every text node or accessible attribute that ever shows one of `keys` verbatim. */
async function watchForKeys(page: Page, keys: string[]): Promise<void> {
  await page.addInitScript((watched: string[]) => {
    const keySet = new Set(watched);
    const seen: string[] = [];
    (window as unknown as { keysSeen: string[] }).keysSeen = seen;
    const check = (node: Node) => {
      const text = node.textContent?.trim() ?? "";
      if (node.nodeType === Node.TEXT_NODE && keySet.has(text)) seen.push(text);
      if (node instanceof Element) {
        for (const name of ["aria-label", "title", "placeholder", "alt"]) {
          const value = node.getAttribute(name);
          if (value && keySet.has(value)) seen.push(value);
        }
        node.querySelectorAll("*").forEach((child) => {
          for (const name of ["aria-label", "title", "placeholder"]) {
            const value = child.getAttribute(name);
            if (value && keySet.has(value)) seen.push(value);
          }
        });
        const walker = document.createTreeWalker(node, NodeFilter.SHOW_TEXT);
        while (walker.nextNode()) {
          const inner = walker.currentNode.textContent?.trim() ?? "";
          if (keySet.has(inner)) seen.push(inner);
        }
      }
    };
    new MutationObserver((records) => {
      for (const record of records) {
        if (record.type === "characterData") check(record.target);
        else if (record.type === "attributes" && record.target instanceof Element) check(record.target);
        else record.addedNodes.forEach(check);
      }
    }).observe(document, { subtree: true, childList: true, characterData: true, attributes: true });
  }, keys);
}

const hydrated = (page: Page) =>
  page.waitForFunction(() => Object.keys(document).some((key) => key.startsWith("__reactContainer")));

test("the page names its catalogue; the asset is immutable, compressed and has the page's texts", async ({
  request,
}) => {
  const html = await (await request.get("/ja/faq")).text();
  const href = /<link rel="preload" as="fetch" href="(\/assets\/catalogue-ja-[\w-]{10}\.json)"/.exec(
    html,
  )?.[1];
  expect(href).toBeTruthy();
  // A text of the catalogue the FAQ page does not show is not in it.
  const japanese = catalogue("ja");
  expect(html).not.toContain(JSON.stringify(japanese["drive.signedOut.body"] ?? "no such text"));
  expect(html).toContain(japanese["page.faq.title"]);

  const asset = await request.get(href ?? "", { headers: { "accept-encoding": "br" } });
  expect(asset.status()).toBe(200);
  expect(asset.headers()["cache-control"]).toContain("immutable");
  expect(asset.headers()["content-encoding"]).toBe("br");
  const texts = (await asset.json()) as Record<string, unknown>;
  expect(texts["page.faq.title"]).toBe(japanese["page.faq.title"]);
  expect(Object.keys(texts).some((key) => key.startsWith("faq."))).toBe(false);
});

test("a slow catalogue holds hydration back: no key ever shows, here or in another locale", async ({
  page,
}) => {
  const keys = Object.keys(catalogue("en-US"));
  await watchForKeys(page, keys);
  let catalogueRequests = 0;
  await page.route(/\/assets\/catalogue-/, async (route) => {
    catalogueRequests += 1;
    await new Promise((resolve) => setTimeout(resolve, 1_000));
    await route.continue();
  });
  await page.goto("/en-US/faq");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(
    catalogue("en-US")["page.faq.title"] ?? "",
  );
  await hydrated(page);
  expect(catalogueRequests).toBe(1);

  // A move to another locale in the page waits for that locale's texts.
  await page.getByRole("button", { name: /English/ }).click();
  await page.getByRole("link", { name: "日本語" }).click();
  await expect(page).toHaveURL(/\/ja\/faq$/);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(catalogue("ja")["page.faq.title"] ?? "");
  await expect(page.getByRole("button", { name: /日本語/ })).toBeVisible();
  expect(catalogueRequests).toBe(2);
  expect(await page.evaluate(() => (window as unknown as { keysSeen: string[] }).keysSeen)).toEqual([]);
  // The watch itself sees a key that shows (once or more: on CI a later mutation of the body
  // reported the same node again).
  await page.evaluate(() => document.body.append(document.createTextNode("page.faq.title")));
  await expect
    .poll(() => page.evaluate(() => [...new Set((window as unknown as { keysSeen: string[] }).keysSeen)]))
    .toEqual(["page.faq.title"]);
});

test("without scripts the page is complete", async ({ browser, baseURL }) => {
  const context = await browser.newContext({ javaScriptEnabled: false, baseURL: baseURL ?? "" });
  const page = await context.newPage();
  await page.goto("/ko/help-center");
  const korean = catalogue("ko");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(korean["page.helpCenter.title"] ?? "");
  await expect(page.getByRole("link", { name: korean["a11y.skipToContent"] ?? "" })).toBeAttached();
  await context.close();
});
