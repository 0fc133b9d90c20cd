import { expect, test } from "./support/fixtures.js";

// What every page and API answer tells the browser about itself: a script policy by
// nonce, who may frame it, no MIME sniffing, and how much of its address to pass on.
function directive(policy: string, name: string): string | undefined {
  return policy
    .split(";")
    .map((part) => part.trim())
    .find((part) => part.startsWith(`${name} `));
}

test("a page carries a nonce policy its own scripts satisfy, and hydrates under it", async ({ page }) => {
  const response = await page.goto("/en-US/faq");
  const headers = response?.headers() ?? {};
  const policy = headers["content-security-policy"] ?? "";
  const nonce = /'nonce-([^']+)'/.exec(directive(policy, "script-src") ?? "")?.[1];
  expect(nonce).toBeTruthy();
  expect(directive(policy, "script-src")).not.toContain("unsafe-inline");
  expect(directive(policy, "frame-ancestors")).toBe(
    `frame-ancestors 'self' ${process.env.NIMBUS_E2E_PARENT_ORIGIN}`,
  );
  expect(headers["x-content-type-options"]).toBe("nosniff");
  expect(headers["referrer-policy"]).toBe("strict-origin-when-cross-origin");
  const inlineNonces = await page.evaluate(() =>
    [...document.querySelectorAll("script:not([src])")].map((script) => (script as HTMLScriptElement).nonce),
  );
  expect(inlineNonces.length).toBeGreaterThan(0);
  expect(new Set(inlineNonces)).toEqual(new Set([nonce]));
  // The client router only exists once the scripts ran and hydrated the page.
  await expect
    .poll(() =>
      page.evaluate(() => Boolean((window as { __reactRouterDataRouter?: unknown }).__reactRouterDataRouter)),
    )
    .toBe(true);
});

test("API answers carry nosniff and the referrer policy too", async ({ request }) => {
  const response = await request.get("/v1/user/me");
  expect(response.headers()["x-content-type-options"]).toBe("nosniff");
  expect(response.headers()["referrer-policy"]).toBe("strict-origin-when-cross-origin");
});
