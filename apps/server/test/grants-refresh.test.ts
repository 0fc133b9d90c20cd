import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { bearer, newUser, signInAs, WEB_HEADERS } from "./support/grants.js";
import { createTestApp, type TestApp } from "./support/test-app.js";
import type { TestUser } from "./support/users.js";

describe("the token endpoint: refresh rotation, revocation, client and request checks", () => {
  let t: TestApp;
  let user: TestUser;
  beforeAll(async () => {
    t = await createTestApp();
    user = await newUser(t);
  });
  afterAll(() => t.close());

  const refresh = (refresh_token: string, client_id = "nimbus-desktop", extra: Record<string, string> = {}) =>
    t.app.inject({
      method: "POST",
      url: "/v1/auth/token",
      payload: { grant_type: "refresh_token", refresh_token, client_id, ...extra },
    });

  it("rotates: each refresh answers a new pair and the old access token stops working", async () => {
    const first = await signInAs(t.app, user, "nimbus-desktop");
    const response = await refresh(first.refresh_token);
    expect(response.statusCode).toBe(200);
    expect(response.headers["cache-control"]).toBe("no-store");
    const second = response.json();
    expect(second).toMatchObject({ token_type: "Bearer", sub: user.id, scope: "user pan offline" });
    expect(second.refresh_token).not.toBe(first.refresh_token);
    expect(second.access_token).not.toBe(first.access_token);
    expect(
      (await t.app.inject({ url: "/v1/user/me", headers: bearer(second.access_token) })).statusCode,
    ).toBe(200);
    expect((await t.app.inject({ url: "/v1/user/me", headers: bearer(first.access_token) })).statusCode).toBe(
      401,
    );
  });

  it("revokes the whole family when a rotated refresh token is used again", async () => {
    const first = await signInAs(t.app, user, "nimbus-desktop");
    const second = (await refresh(first.refresh_token)).json();
    const third = (await refresh(second.refresh_token)).json();
    const replay = await refresh(first.refresh_token);
    expect(replay.statusCode).toBe(400);
    expect(replay.json()).toMatchObject({ error: "invalid_grant", error_code: 4126 });
    expect(replay.json().details[0].metadata).toEqual({ reason: "REFRESH_TOKEN_REUSED" });
    // The thief's and the owner's latest tokens are both dead now.
    expect((await t.app.inject({ url: "/v1/user/me", headers: bearer(third.access_token) })).statusCode).toBe(
      401,
    );
    expect((await refresh(third.refresh_token)).json().error).toBe("invalid_grant");
  });

  it("accepts form-encoded bodies, as OAuth clients send them", async () => {
    const tokens = await signInAs(t.app, user, "nimbus-cli");
    const response = await t.app.inject({
      method: "POST",
      url: "/v1/auth/token",
      headers: { "content-type": "application/x-www-form-urlencoded" },
      payload: new URLSearchParams({
        grant_type: "refresh_token",
        refresh_token: tokens.refresh_token,
        client_id: "nimbus-cli",
      }).toString(),
    });
    expect(response.statusCode).toBe(200);
    expect(response.json().refresh_token).toEqual(expect.any(String));
  });

  it("narrows scopes on refresh, never widens them; without offline no refresh token comes back", async () => {
    const tokens = await signInAs(t.app, user, "nimbus-desktop");
    const unknown = await refresh(tokens.refresh_token, "nimbus-desktop", { scope: "user admin" });
    expect(unknown.json()).toMatchObject({ error: "invalid_scope", error_code: 4125 });
    const narrowed = await refresh(tokens.refresh_token, "nimbus-desktop", { scope: "user" });
    expect(narrowed.statusCode).toBe(200);
    expect(narrowed.json().scope).toBe("user");
    expect(narrowed.json().refresh_token).toBeUndefined();
    const access = narrowed.json().access_token;
    expect((await t.app.inject({ url: "/v1/user/me", headers: bearer(access) })).statusCode).toBe(200);
    const drive = await t.app.inject({ url: "/drive/v1/files", headers: bearer(access) });
    expect(drive.statusCode).toBe(403);
    expect(drive.json().details[0].metadata).toMatchObject({ reason: "INSUFFICIENT_SCOPE", scope: "pan" });
  });

  it("answers invalid_grant for unknown tokens and tokens of another client", async () => {
    expect((await refresh("rt.nope")).json()).toMatchObject({ error: "invalid_grant" });
    const tokens = await signInAs(t.app, user, "nimbus-desktop");
    expect((await refresh(tokens.refresh_token, "nimbus-cli")).json()).toMatchObject({
      error: "invalid_grant",
    });
  });

  it("answers unauthorized_client for unknown clients and grants a client may not use", async () => {
    const tokens = await signInAs(t.app, user, "nimbus-desktop");
    const unknown = await refresh(tokens.refresh_token, "evil-app");
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json()).toMatchObject({ error: "unauthorized_client", error_code: 4122 });
    const webDevice = await t.app.inject({
      method: "POST",
      url: "/v1/auth/token",
      headers: WEB_HEADERS,
      payload: {
        grant_type: "urn:ietf:params:oauth:grant-type:device_code",
        device_code: "dc.x",
        client_id: "nimbus-web",
      },
    });
    expect(webDevice.json()).toMatchObject({ error: "unauthorized_client" });
  });

  it("answers invalid_request for a missing field or an unsupported grant type", async () => {
    const missing = await t.app.inject({
      method: "POST",
      url: "/v1/auth/token",
      payload: { grant_type: "refresh_token", client_id: "nimbus-desktop" },
    });
    expect(missing.statusCode).toBe(400);
    expect(missing.json()).toMatchObject({ error: "invalid_request", error_code: 4121 });
    expect(missing.json().details[0].metadata).toMatchObject({ field: "refresh_token" });
    const noClient = await refresh("rt.x", "");
    expect(noClient.json().error).toBe("invalid_request");
    const password = await t.app.inject({
      method: "POST",
      url: "/v1/auth/token",
      payload: { grant_type: "password", client_id: "nimbus-desktop" },
    });
    expect(password.json()).toMatchObject({ error: "invalid_request" });
    expect(password.json().details[0].metadata).toMatchObject({ reason: "UNSUPPORTED_GRANT_TYPE" });
  });

  it("revokes by access or refresh token (RFC 7009) and answers 200 for unknown tokens", async () => {
    const a = await signInAs(t.app, user, "nimbus-extension");
    const byRefresh = await t.app.inject({
      method: "POST",
      url: "/v1/auth/revoke",
      payload: { token: a.refresh_token, token_type_hint: "refresh_token" },
    });
    expect(byRefresh.statusCode).toBe(200);
    expect(byRefresh.json()).toEqual({});
    expect((await t.app.inject({ url: "/v1/user/me", headers: bearer(a.access_token) })).statusCode).toBe(
      401,
    );
    expect((await refresh(a.refresh_token, "nimbus-extension")).json().error).toBe("invalid_grant");

    const b = await signInAs(t.app, user, "nimbus-extension");
    const byAccess = await t.app.inject({
      method: "POST",
      url: "/v1/auth/revoke",
      headers: { "content-type": "application/x-www-form-urlencoded" },
      payload: `token=${encodeURIComponent(b.access_token)}`,
    });
    expect(byAccess.statusCode).toBe(200);
    expect((await t.app.inject({ url: "/v1/user/me", headers: bearer(b.access_token) })).statusCode).toBe(
      401,
    );

    const unknown = await t.app.inject({
      method: "POST",
      url: "/v1/auth/revoke",
      payload: { token: "at.unknown" },
    });
    expect(unknown.statusCode).toBe(200);
  });
});
