import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { verifiedToken } from "./support/mail.js";
import { createTestApp, type TestApp } from "./support/test-app.js";

const WEB = { "x-client-id": "nimbus-web", "x-device-id": "0123456789abcdef0123456789abcdef" };

function sessionCookieOf(setCookie: string | string[] | undefined): string {
  const header = [setCookie ?? []].flat().find((c) => c.startsWith("nimbus_session="));
  if (!header) throw new Error("no session cookie set");
  return header;
}

describe("the browser's cookie session", () => {
  let t: TestApp;
  let cookie: string;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it("signs the web app up into an httpOnly cookie and keeps tokens out of the body", async () => {
    const response = await t.app.inject({
      method: "POST",
      url: "/v1/auth/signup",
      headers: WEB,
      payload: {
        verification_token: await verifiedToken(t.app, "web@example.com", "REGISTER"),
        password: "correct horse battery",
      },
    });
    expect(response.statusCode).toBe(200);
    const body = response.json();
    expect(body.access_token).toBeUndefined();
    expect(body.refresh_token).toBeUndefined();
    expect(body).toMatchObject({ token_type: "Bearer", sub: expect.any(String) });
    const header = sessionCookieOf(response.headers["set-cookie"]);
    expect(header).toMatch(/HttpOnly/);
    expect(header).toMatch(/SameSite=Lax/);
    expect(header).toMatch(/Path=\//);
    cookie = header.split(";")[0] as string;
  });

  it("authenticates reads by the cookie alone", async () => {
    const me = await t.app.inject({ url: "/v1/user/me", headers: { cookie } });
    expect(me.statusCode).toBe(200);
    expect(me.json().email).toBe("web@example.com");
  });

  it("rejects a state-changing call on the cookie without the client headers (CSRF)", async () => {
    const payload = { kind: "drive#folder", name: "forged", parent_id: "" };
    const forged = await t.app.inject({
      method: "POST",
      url: "/drive/v1/files",
      headers: { cookie },
      payload,
    });
    expect(forged.statusCode).toBe(403);
    expect(forged.json()).toMatchObject({ error: "permission_denied" });
    const listed = await t.app.inject({ url: "/drive/v1/files", headers: { cookie } });
    expect(listed.json().files).toEqual([]);
    const real = await t.app.inject({
      method: "POST",
      url: "/drive/v1/files",
      headers: { cookie, ...WEB },
      payload,
    });
    expect(real.statusCode).toBe(200);
  });

  it("signs in the web app with a fresh cookie, and API clients still get tokens", async () => {
    const payload = { username: "web@example.com", password: "correct horse battery" };
    const web = await t.app.inject({ method: "POST", url: "/v1/auth/signin", headers: WEB, payload });
    expect(sessionCookieOf(web.headers["set-cookie"])).not.toContain(cookie);
    const api = await t.app.inject({ method: "POST", url: "/v1/auth/signin", payload });
    expect(api.headers["set-cookie"]).toBeUndefined();
    expect(api.json().access_token).toMatch(/^at\./);
  });

  it("gives the cookie only to the web client: a body naming another client gets that client's tokens", async () => {
    const payload = {
      username: "web@example.com",
      password: "correct horse battery",
      client_id: "nimbus-cli",
    };
    const other = await t.app.inject({ method: "POST", url: "/v1/auth/signin", headers: WEB, payload });
    expect(other.statusCode).toBe(200);
    expect(other.headers["set-cookie"]).toBeUndefined();
    const body = other.json();
    expect(body.access_token).toMatch(/^at\./);
    const sessions = await t.app.inject({
      url: "/v1/auth/sessions",
      headers: { authorization: `Bearer ${body.access_token}` },
    });
    expect(sessions.statusCode).toBe(200);
    expect(JSON.stringify(sessions.json())).toContain("nimbus-cli");
  });

  it("signs out: the cookie is cleared and no longer admits", async () => {
    const out = await t.app.inject({ method: "POST", url: "/v1/auth/signout", headers: { cookie, ...WEB } });
    expect(out.statusCode).toBe(200);
    expect(sessionCookieOf(out.headers["set-cookie"])).toMatch(/Expires=Thu, 01 Jan 1970/);
    const me = await t.app.inject({ url: "/v1/user/me", headers: { cookie } });
    expect(me.statusCode).toBe(401);
  });

  it("lets a browser whose cookie went stale ask for a sign-in code", async () => {
    const response = await t.app.inject({
      method: "POST",
      url: "/v1/auth/verification",
      headers: { cookie, ...WEB },
      payload: { email: "web@example.com", usage: "SIGN_IN" },
    });
    expect(response.statusCode).toBe(200);
    // A stale bearer token is still refused.
    const bearer = await t.app.inject({
      method: "POST",
      url: "/v1/auth/verification",
      headers: { authorization: "Bearer at.stale" },
      payload: { email: "web@example.com", usage: "SIGN_IN" },
    });
    expect(bearer.statusCode).toBe(401);
  });
});
