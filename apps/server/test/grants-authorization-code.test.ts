import { randomBytes } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { challengeOf } from "../src/modules/auth/pkce.js";
import { bearer, manualClock, newUser, sessionCookie, signInAs, WEB_HEADERS } from "./support/grants.js";
import { createTestApp, type TestApp } from "./support/test-app.js";
import type { TestUser } from "./support/users.js";

/** The hand-off: a signed-in app gets a code for the web page, which exchanges it for a cookie session. */
describe("authorization codes with PKCE (desktop and extension hand-offs)", () => {
  const clock = manualClock();
  let t: TestApp;
  let user: TestUser;
  let desktop: string;
  beforeAll(async () => {
    t = await createTestApp({ clock });
    user = await newUser(t);
    desktop = (await signInAs(t.app, user, "nimbus-desktop")).access_token;
  });
  afterAll(() => t.close());

  const verifier = () => randomBytes(32).toString("base64url");
  const authorize = (token: string, payload: Record<string, unknown>) =>
    t.app.inject({ method: "POST", url: "/v1/auth/authorize", headers: bearer(token), payload });
  const exchange = (payload: Record<string, unknown>, headers: Record<string, string> = WEB_HEADERS) =>
    t.app.inject({
      method: "POST",
      url: "/v1/auth/token",
      headers,
      payload: { grant_type: "authorization_code", client_id: "nimbus-web", ...payload },
    });

  it("hands the desktop app's sign-in to the web page as a cookie session", async () => {
    const v = verifier();
    const issued = await authorize(desktop, {
      client_id: "nimbus-web",
      code_challenge: challengeOf(v),
      code_challenge_method: "S256",
      scope: "user pan",
    });
    expect(issued.statusCode).toBe(200);
    expect(issued.json()).toMatchObject({ code: expect.any(String), expires_in: 60, scope: "user pan" });
    const response = await exchange({ code: issued.json().code, code_verifier: v });
    expect(response.statusCode).toBe(200);
    expect(response.json().access_token).toBeUndefined();
    expect(response.json()).toMatchObject({ sub: user.id, scope: "user pan" });
    const cookie = sessionCookie(response.headers["set-cookie"]);
    expect(cookie).toBeDefined();
    const me = await t.app.inject({ url: "/v1/user/me", headers: { cookie: cookie as string } });
    expect(me.json().sub).toBe(user.id);
  });

  it("refuses a wrong or missing verifier, a spent code and a late one (invalid_grant)", async () => {
    const v = verifier();
    const code = (
      await authorize(desktop, {
        client_id: "nimbus-web",
        code_challenge: challengeOf(v),
        code_challenge_method: "S256",
      })
    ).json().code;
    const wrong = await exchange({ code, code_verifier: verifier() });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json()).toMatchObject({ error: "invalid_grant", error_code: 4126 });
    expect((await exchange({ code })).json().error).toBe("invalid_grant");
    expect((await exchange({ code, code_verifier: "short" })).json().error).toBe("invalid_grant");
    expect((await exchange({ code, code_verifier: v })).statusCode).toBe(200);
    expect((await exchange({ code, code_verifier: v })).json().error).toBe("invalid_grant");

    const late = (
      await authorize(desktop, {
        client_id: "nimbus-web",
        code_challenge: challengeOf(v),
        code_challenge_method: "S256",
      })
    ).json().code;
    clock.advance(61_000);
    expect((await exchange({ code: late, code_verifier: v })).json().error).toBe("invalid_grant");
  });

  it("binds the code to its client and redirect_uri", async () => {
    const code = (
      await authorize(desktop, { client_id: "nimbus-web", redirect_uri: "http://nimbus.test/auth" })
    ).json().code;
    const otherClient = await t.app.inject({
      method: "POST",
      url: "/v1/auth/token",
      payload: { grant_type: "authorization_code", client_id: "nimbus-extension", code },
    });
    expect(otherClient.json().error).toBe("invalid_grant");
    expect((await exchange({ code, redirect_uri: "http://evil.test/" })).json().error).toBe("invalid_grant");
    expect((await exchange({ code, redirect_uri: "http://nimbus.test/auth" })).statusCode).toBe(200);
  });

  it("issues a code without a challenge for the app-opened URL hand-off; the exchange needs the client headers", async () => {
    const code = (await authorize(desktop, { client_id: "nimbus-web" })).json().code;
    // A cross-site form cannot set headers: no login CSRF with someone else's code.
    const forged = await exchange({ code }, {});
    expect(forged.statusCode).toBe(403);
    expect(forged.json().details[0].metadata).toEqual({ reason: "CSRF_HEADERS_MISSING" });
    const response = await exchange({ code });
    expect(response.statusCode).toBe(200);
    expect(response.json().access_token).toBeUndefined();
    expect(sessionCookie(response.headers["set-cookie"])).toBeDefined();
  });

  it("answers invalid_request for a challenge method other than S256", async () => {
    const response = await authorize(desktop, {
      client_id: "nimbus-web",
      code_challenge: challengeOf(verifier()),
      code_challenge_method: "plain",
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ error: "invalid_request", error_code: 4121 });
  });

  it("answers invalid_scope beyond the caller's own scopes", async () => {
    const response = await authorize(desktop, { client_id: "nimbus-web", scope: "user pan offline admin" });
    expect(response.json()).toMatchObject({ error: "invalid_scope", error_code: 4125 });
    const narrow = await t.app.inject({
      method: "POST",
      url: "/v1/auth/token",
      payload: {
        grant_type: "refresh_token",
        client_id: "nimbus-desktop",
        refresh_token: (await signInAs(t.app, user, "nimbus-desktop")).refresh_token,
        scope: "user",
      },
    });
    const userOnly = narrow.json().access_token;
    const wider = await authorize(userOnly, { client_id: "nimbus-web", scope: "pan" });
    expect(wider.json().error).toBe("invalid_scope");
  });

  it("answers unauthorized_client for unknown targets and callers that may not hand over", async () => {
    expect((await authorize(desktop, { client_id: "nope" })).json()).toMatchObject({
      error: "unauthorized_client",
    });
    expect((await authorize(desktop, { client_id: "nimbus-tv" })).json().error).toBe("unauthorized_client");
    const cli = (await signInAs(t.app, user, "nimbus-cli")).access_token;
    expect((await authorize(cli, { client_id: "nimbus-web" })).json().error).toBe("unauthorized_client");
    const anonymous = await t.app.inject({
      method: "POST",
      url: "/v1/auth/authorize",
      payload: { client_id: "nimbus-web" },
    });
    expect(anonymous.statusCode).toBe(401);
  });
});
