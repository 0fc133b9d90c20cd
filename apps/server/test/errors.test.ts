import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { z } from "zod";
import { createTestApp, type TestApp } from "./support/test-app.js";

/** Every way a request can fail answers the one error object, never a bare 500. */
describe("error object", () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({
      beforeReady(app) {
        app.get("/test/boom", async () => {
          throw new Error("secret internal detail");
        });
        app.post(
          "/test/echo",
          { schema: { body: z.object({ n: z.number().int().max(10) }) } },
          async (r) => r.body,
        );
      },
    });
  });
  afterAll(() => t.close());

  it("answers 401 unauthenticated for /drive/v1/about without a token, exactly as specified", async () => {
    const response = await t.app.inject({ method: "GET", url: "/drive/v1/about?x=1" });
    expect(response.statusCode).toBe(401);
    const body = response.json();
    expect(body).toMatchObject({
      error: "unauthenticated",
      error_code: 16,
      error_uri: "/drive/v1/about",
    });
    expect(body.error_description).toEqual(expect.any(String));
    expect(body.details).toEqual([
      expect.objectContaining({
        "@type": "type.googleapis.com/google.rpc.ErrorInfo",
        reason: "unauthenticated",
      }),
      expect.objectContaining({
        "@type": "type.googleapis.com/google.rpc.LocalizedMessage",
        locale: "en-US",
      }),
    ]);
  });

  it("localizes error_description from Accept-Language", async () => {
    const english = (await t.app.inject({ url: "/drive/v1/about" })).json().error_description;
    for (const [header, locale] of [
      ["ja,en;q=0.5", "ja"],
      ["zh-Hant-TW", "zh-TW"],
      ["zh", "zh-CN"],
      ["pt-BR", "pt"],
      ["xx, uk;q=0.9", "uk"],
    ]) {
      const response = await t.app.inject({ url: "/drive/v1/about", headers: { "accept-language": header } });
      const body = response.json();
      expect(response.headers["content-language"]).toBe(locale);
      expect(body.details[1].locale).toBe(locale);
      expect(body.error_description).not.toBe(english);
    }
  });

  it("answers an unknown route with route_not_found", async () => {
    const response = await t.app.inject({ method: "GET", url: "/v1/no/such/thing?q=1" });
    expect(response.statusCode).toBe(404);
    expect(response.json()).toMatchObject({
      error: "route_not_found",
      error_code: 5,
      error_uri: "/v1/no/such/thing",
    });
    expect(response.json().error_description).toContain("/v1/no/such/thing");
  });

  it("answers a malformed or over-long path parameter with invalid_argument", async () => {
    for (const [method, url] of [
      ["GET", "/v1/user/avatars/%ZZ/1"],
      ["DELETE", `/v1/auth/sessions/${"x".repeat(300)}`],
    ] as const) {
      const response = await t.app.inject({ method, url });
      expect(response.statusCode).toBe(400);
      expect(response.json()).toMatchObject({ error: "invalid_argument", error_code: 3, error_uri: url });
    }
  });

  it("answers invalid JSON with invalid_json", async () => {
    const response = await t.app.inject({
      method: "POST",
      url: "/v1/auth/signin",
      headers: { "content-type": "application/json" },
      payload: '{"username": "a",',
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({
      error: "invalid_json",
      error_code: 3,
      error_uri: "/v1/auth/signin",
    });
  });

  it("answers a wrong content type with unsupported_media_type", async () => {
    const response = await t.app.inject({
      method: "POST",
      url: "/v1/auth/signin",
      headers: { "content-type": "text/csv" },
      payload: "a,b",
    });
    expect(response.statusCode).toBe(415);
    expect(response.json()).toMatchObject({ error: "unsupported_media_type", error_code: 3 });
  });

  it("answers an oversize body with payload_too_large", async () => {
    const response = await t.app.inject({
      method: "POST",
      url: "/v1/auth/signin",
      headers: { "content-type": "application/json" },
      payload: JSON.stringify({ username: "x".repeat(2 * 1024 * 1024), password: "y" }),
    });
    expect(response.statusCode).toBe(413);
    expect(response.json()).toMatchObject({ error: "payload_too_large" });
  });

  it("answers a schema violation with invalid_argument naming the field", async () => {
    const response = await t.app.inject({ method: "POST", url: "/test/echo", payload: { n: 11 } });
    expect(response.statusCode).toBe(400);
    const body = response.json();
    expect(body).toMatchObject({ error: "invalid_argument", error_code: 3, error_uri: "/test/echo" });
    expect(body.details[0].metadata).toMatchObject({ location: "body", field: "n" });
  });

  it("answers an unexpected exception with internal and keeps the detail out of the body", async () => {
    const response = await t.app.inject({ method: "GET", url: "/test/boom" });
    expect(response.statusCode).toBe(500);
    expect(response.json()).toMatchObject({ error: "internal", error_code: 13, error_uri: "/test/boom" });
    expect(response.body).not.toContain("secret internal detail");
  });

  it("echoes a well-formed x-request-id and makes one up otherwise", async () => {
    const given = await t.app.inject({ url: "/healthz", headers: { "x-request-id": "abc-123" } });
    expect(given.headers["x-request-id"]).toBe("abc-123");
    const made = await t.app.inject({ url: "/healthz", headers: { "x-request-id": "bad id\n" } });
    expect(made.headers["x-request-id"]).toMatch(/^[0-9a-f-]{36}$/);
  });
});
