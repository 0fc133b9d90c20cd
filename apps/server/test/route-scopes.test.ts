import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type AuthScope, type RegisteredRoute, registeredRoutes } from "../src/http/plugins/auth-scopes.js";
import { TUS_PATH } from "../src/modules/uploads/resumable-uploads.js";
import { createTestApp, type TestApp } from "./support/test-app.js";

let t: TestApp;
let routes: RegisteredRoute[];
beforeAll(async () => {
  t = await createTestApp();
  routes = registeredRoutes(t.app);
});
afterAll(() => t.close());

const key = (route: { method: string; url: string }) => `${route.method} ${route.url}`;

function scopeOf(method: string, url: string): AuthScope | undefined {
  const found = routes.find((route) => route.method === method && route.url === url);
  if (!found) throw new Error(`no route ${method} ${url}`);
  return found.scope;
}

/** Routes whose scope is the point: moving one to a weaker scope must fail here. */
const EXPECTED: Array<[string, string, AuthScope]> = [
  ["GET", "/healthz", "public"],
  ["GET", "/openapi.json", "public"],
  ["POST", "/v1/auth/signin", "public"],
  ["POST", "/v1/auth/signup", "public"],
  ["POST", "/v1/auth/token", "public"],
  ["OPTIONS", TUS_PATH, "public"],
  ["OPTIONS", `${TUS_PATH}/:uploadId`, "public"],
  ["GET", "/drive/v1/download/:fileId", "public"],
  ["GET", "/v1/user/avatars/:user_id/:version", "public"],
  ["GET", "/drive/v1/share", "optional-user"],
  ["POST", "/v1/auth/verification", "optional-user"],
  ["GET", "/drive/v1/files", "signed-in"],
  ["POST", "/drive/v1/files", "signed-in"],
  ["PATCH", `${TUS_PATH}/:uploadId`, "signed-in"],
  ["POST", "/v1/user/me/avatar", "signed-in"],
  ["GET", "/v1/user/me", "signed-in"],
  ["POST", "/v1/auth/authorize", "signed-in"],
  ["GET", "/v1/auth/sessions", "signed-in"],
  ["POST", "/audit/v1/share", "admin"],
  ["GET", "/audit/v1/share/reviews", "admin"],
  ["POST", "/admin/v1/users/:id([^/:]+)::grant_premium", "admin"],
  ["POST", "/admin/v1/users/:id([^/:]+)::revoke_premium", "admin"],
  ["POST", "/admin/v1/users/:id([^/:]+)::reset_two_factor", "admin"],
  ["POST", "/admin/v1/users/:id([^/:]+)::delete", "admin"],
  ["GET", "/admin/v1/activation-codes", "admin"],
  ["GET", "/admin/v1/sensitive-words", "admin"],
  ["POST", "/admin/v1/sensitive-words::remove", "admin"],
  ["GET", "/admin/v1/products", "admin"],
  ["POST", "/admin/v1/products/:product_id/prices", "admin"],
  ["POST", "/admin/v1/campaigns/:campaign_id/window", "admin"],
];

/**
 * The drive, archive and account routes open to callers who are not signed in, all of
 * them: any other route under those paths is signed-in (or admin).
 */
const OPEN_ACCOUNT_AND_DRIVE_ROUTES = new Set([
  "GET /drive/v1/privilege/area_country_code",
  "GET /drive/v1/mail/unsubscribe",
  "POST /drive/v1/mail/unsubscribe",
  "GET /drive/v1/download/:fileId",
  "GET /drive/v1/zip",
  "GET /drive/v1/thumbnails/:fileId/:size",
  "GET /drive/v1/subtitles/:fileId/:subtitleId",
  "GET /drive/v1/hls/:fileId/:profile/:token/:name",
  "POST /drive/v1/share/playback",
  `OPTIONS ${TUS_PATH}`,
  `OPTIONS ${TUS_PATH}/:uploadId`,
  "GET /drive/v1/share",
  "GET /drive/v1/share/detail",
  "GET /drive/v1/share/file_info",
  "POST /drive/v1/share::batch_file_info",
  "POST /drive/v1/share/report",
  "GET /v1/user/avatars/:user_id/:version",
  // Public download counts of the app installers (spec §7).
  "GET /drive/v1/statistics/pub/download",
  // The transparency report's aggregated figures.
  "GET /drive/v1/statistics/pub/transparency",
]);

describe("route scopes", () => {
  it("registers every route in an auth scope", () => {
    expect(routes.length).toBeGreaterThan(100);
    const listing = routes.map((route) => `${route.scope ?? "NO SCOPE"} ${key(route)}`);
    expect(listing.filter((line) => line.startsWith("NO SCOPE"))).toEqual([]);
  });

  it.each(EXPECTED)("keeps %s %s %s", (method, url, scope) => {
    expect(scopeOf(method, url)).toBe(scope);
  });

  it("admits only admins to /audit and /admin", () => {
    const audit = routes.filter(
      (route) => route.url.startsWith("/audit/") || route.url.startsWith("/admin/"),
    );
    expect(audit.length).toBeGreaterThan(0);
    for (const route of audit) expect(route.scope, key(route)).toBe("admin");
  });

  it("opens no other drive, archive or account route to callers who are not signed in", () => {
    const open = routes.filter(
      (route) =>
        /^\/(drive|decompress)\/|^\/v1\/user\//.test(route.url) &&
        route.method !== "HEAD" &&
        (route.scope === "public" || route.scope === "optional-user"),
    );
    expect(open.map(key).sort()).toEqual([...OPEN_ACCOUNT_AND_DRIVE_ROUTES].sort());
  });
});
