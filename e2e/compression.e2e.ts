import { get } from "node:http";
import { PERSON_USER_AGENT } from "./support/chromium.js";
import { expect, test } from "./support/fixtures.js";

// What crosses the wire compressed: pages (compressed as they render), the hashed
// scripts and styles (compressed at build time, served as stored) and API JSON; the
// browser still reads the same page. File downloads never are (apps/server/test/compression.test.ts).

test("pages, scripts and styles go out in brotli, or gzip when that is all the client takes", async ({
  request,
}) => {
  for (const [acceptEncoding, coding] of [
    ["gzip, deflate, br", "br"],
    ["gzip", "gzip"],
  ] as const) {
    const page = await request.get("/en-US/faq", { headers: { "accept-encoding": acceptEncoding } });
    expect(page.status()).toBe(200);
    expect(page.headers()["content-encoding"]).toBe(coding);
    expect(page.headers().vary).toMatch(/accept-encoding/i);
    const html = await page.text();
    expect(html).toContain("</html>");
    // Rewritten on its way to the compressor (decision 0088), and still whole.
    expect(html).toContain('<link rel="modulepreload" fetchpriority="low"');
    expect(html).not.toContain('<link rel="modulepreload" href');

    const assets = [...html.matchAll(/(?:src|href)="(\/assets\/[^"]+\.(?:js|css))"/g)].map((m) => m[1] ?? "");
    expect(assets.some((asset) => asset.endsWith(".js"))).toBe(true);
    expect(assets.some((asset) => asset.endsWith(".css"))).toBe(true);
    for (const asset of new Set(assets)) {
      const response = await request.get(asset, { headers: { "accept-encoding": acceptEncoding } });
      expect(response.status(), asset).toBe(200);
      const { "content-length": length, "content-encoding": encoding } = response.headers();
      if (Number(length) >= 1024) expect(encoding, asset).toBe(coding);
      expect(response.headers()["content-type"]).toMatch(/javascript|css/);
    }
  }
});

test("a client that accepts no coding gets plain bytes", async ({ request }) => {
  const page = await request.get("/en-US/faq", { headers: { "accept-encoding": "identity" } });
  expect(page.headers()["content-encoding"]).toBeUndefined();
  const html = await page.text();
  expect(html).toContain("</html>");
  expect(html).toContain('<link rel="modulepreload" fetchpriority="low"');
});

/**
 * Budgets of what a first visit downloads, compressed: the page and its scripts (issue
 * #17). Pages name their locale's catalogue, a hashed asset, instead of carrying it
 * (decision 0034).
 */
const HTML_BUDGET_BYTES = 25 * 1024;
const FIRST_LOAD_JS_BUDGET_BYTES = 120 * 1024;
const PUBLIC_PAGES = [
  "/",
  "/en-US/faq",
  "/en-US/help-center",
  "/en-US/policy/privacy-policy",
  "/zh-CN/faq",
  "/ru/help-center",
  "/uk/policy/privacy-policy",
];

/** The body of `path` as it crossed the wire in brotli, not decoded (fetch and Playwright decode). */
function onTheWire(path: string): Promise<{ bytes: number; encoding?: string }> {
  return new Promise((resolve, reject) => {
    const url = new URL(path, process.env.NIMBUS_E2E_URL);
    get(url, { headers: { "accept-encoding": "br", "user-agent": PERSON_USER_AGENT } }, (response) => {
      let bytes = 0;
      response.on("data", (chunk: Buffer) => {
        bytes += chunk.length;
      });
      response.on("end", () => resolve({ bytes, encoding: response.headers["content-encoding"] }));
      response.on("error", reject);
    }).on("error", reject);
  });
}

test("no public page sends more than 25 KB of HTML or 120 KB of first-load scripts", async ({ request }) => {
  for (const path of PUBLIC_PAGES) {
    const html = await onTheWire(path);
    expect(html.encoding, path).toBe("br");
    expect(html.bytes, `${path}: compressed HTML`).toBeLessThanOrEqual(HTML_BUDGET_BYTES);
    const text = await (await request.get(path)).text();
    const scripts = new Set(
      [...text.matchAll(/(?:src|href)="(\/assets\/[^"]+\.js)"/g)].map((match) => match[1] ?? ""),
    );
    let scriptBytes = 0;
    for (const script of scripts) scriptBytes += (await onTheWire(script)).bytes;
    expect(scriptBytes, `${path}: compressed first-load scripts`).toBeLessThanOrEqual(
      FIRST_LOAD_JS_BUDGET_BYTES,
    );
  }
});
