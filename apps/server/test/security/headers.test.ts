import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "../support/test-app.js";

/** The `directive` of a Content-Security-Policy header, e.g. `frame-ancestors 'self'`. */
function directive(policy: unknown, name: string): string | undefined {
  return String(policy ?? "")
    .split(";")
    .map((part) => part.trim())
    .find((part) => part.startsWith(`${name} `));
}

describe("security headers on every answer", () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it("sends nosniff and a Referrer-Policy on API answers, errors included", async () => {
    for (const url of ["/healthz", "/v1/user/me", "/drive/v1/no-such-route"]) {
      const response = await t.app.inject({ method: "GET", url });
      expect(response.headers["x-content-type-options"], url).toBe("nosniff");
      expect(response.headers["referrer-policy"], url).toBe("strict-origin-when-cross-origin");
    }
  });

  it("gives the captcha challenge page a nonce-based policy that only Nimbus may frame", async () => {
    const response = await t.app.inject({ method: "GET", url: "/v1/shield/challenge?c=forged" });
    const policy = response.headers["content-security-policy"];
    expect(directive(policy, "script-src")).toMatch(/^script-src 'nonce-[A-Za-z0-9+/=]{16,}'$/);
    expect(directive(policy, "frame-ancestors")).toBe("frame-ancestors 'self'");
    expect(response.headers["x-content-type-options"]).toBe("nosniff");
    // The page keeps its stricter referrer policy: the ticket is in its address.
    expect(response.headers["referrer-policy"]).toBe("no-referrer");
    const again = await t.app.inject({ method: "GET", url: "/v1/shield/challenge?c=forged" });
    expect(directive(again.headers["content-security-policy"], "script-src")).not.toBe(
      directive(policy, "script-src"),
    );
  });
});

describe("frame-ancestors with EMBED_PARENT_ORIGINS", () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({
      env: { EMBED_PARENT_ORIGINS: "https://portal.example.com, http://127.0.0.1:8080" },
    });
  });
  afterAll(() => t.close());

  it("allows exactly the configured parent origins besides Nimbus itself", async () => {
    const response = await t.app.inject({ method: "GET", url: "/v1/shield/challenge?c=forged" });
    expect(directive(response.headers["content-security-policy"], "frame-ancestors")).toBe(
      "frame-ancestors 'self' https://portal.example.com http://127.0.0.1:8080",
    );
  });

  it("refuses a value that is not an origin", async () => {
    await expect(
      createTestApp({ env: { EMBED_PARENT_ORIGINS: "https://portal.example.com/path; script-src *" } }),
    ).rejects.toThrow(/EMBED_PARENT_ORIGINS/);
  });
});
