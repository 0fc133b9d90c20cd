import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "./support/test-app.js";

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe("GET /v1/app/build", () => {
  it("answers the route rules to anyone, with no build id when no production web is served", async () => {
    const response = await t.app.inject({ method: "GET", url: "/v1/app/build" });
    expect(response.statusCode).toBe(200);
    expect(response.headers["cache-control"]).toBe("no-store");
    expect(response.json()).toEqual({
      id: null,
      rules: { check_paths: ["/drive/", "/s/"], interval_seconds: 900 },
    });
  });

  it("refuses another method with the spec's error object", async () => {
    const response = await t.app.inject({ method: "POST", url: "/v1/app/build", payload: {} });
    // Only GET is routed: another method is an unknown API route.
    expect(response.statusCode).toBe(404);
    expect(response.json()).toMatchObject({ error: "route_not_found", error_code: expect.any(Number) });
  });
});
