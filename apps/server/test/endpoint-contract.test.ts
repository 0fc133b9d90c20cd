import { type Endpoint, endpoints, fastifyPath } from "@nimbus/protocol";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { registeredRoutes } from "../src/http/plugins/auth-scopes.js";
import { createTestApp, type TestApp } from "./support/test-app.js";

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

/** Served by plugins rather than the contract: the API reference itself, static assets, WebDAV. */
const OUTSIDE_CONTRACT = [/^\/openapi\.json$/, /^\/docs\/api(\/|$)/, /^\/dav(\/|$)/];
/** WebDAV's answer at the server's root, for Windows' redirector and Office (decision 0070). */
const OUTSIDE_CONTRACT_ROUTES = new Set(["OPTIONS /"]);

const contractRoutes = Object.values(endpoints).flatMap((area) =>
  Object.values(area as Record<string, Endpoint>).flatMap((endpoint) =>
    [endpoint.method].flat().map((method) => `${method} ${fastifyPath(endpoint.path)}`),
  ),
);

describe("the endpoint contract", () => {
  it("registers every endpoint of the contract", () => {
    const registered = new Set(registeredRoutes(t.app).map((route) => `${route.method} ${route.url}`));
    expect(contractRoutes.filter((route) => !registered.has(route))).toEqual([]);
  });

  it("serves no API route that is missing from the contract", () => {
    const contract = new Set(contractRoutes);
    const extra = registeredRoutes(t.app)
      .filter((route) => route.method !== "HEAD" || !contract.has(`GET ${route.url}`))
      .filter((route) => !OUTSIDE_CONTRACT.some((pattern) => pattern.test(route.url)))
      .map((route) => `${route.method} ${route.url}`)
      .filter((route) => !contract.has(route) && !OUTSIDE_CONTRACT_ROUTES.has(route));
    expect(extra).toEqual([]);
  });

  it("lists every endpoint in /openapi.json", async () => {
    const response = await t.app.inject({ method: "GET", url: "/openapi.json" });
    const paths = Object.keys(response.json().paths as Record<string, unknown>);
    const hidden = ["/healthz", "/readyz", "/metrics", "/v1/shield/assets/altcha.js"];
    const missing = Object.values(endpoints)
      .flatMap((area) => Object.values(area as Record<string, Endpoint>))
      .map((endpoint) => endpoint.path)
      .filter((path) => !hidden.includes(path) && !paths.includes(path));
    expect(missing).toEqual([]);
  });
});
