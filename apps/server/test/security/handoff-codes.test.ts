import { randomBytes } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { challengeOf } from "../../src/modules/auth/pkce.js";
import { bearer, newUser, sessionCookie, signInAs, WEB_HEADERS } from "../support/grants.js";
import { createTestApp, type TestApp } from "../support/test-app.js";
import type { TestUser } from "../support/users.js";

// A code in an address can be minted by anyone for his own account: the page must be
// able to see whose it is before switching, and the browser's own session must survive
// every code that does not work.
describe("hand-off codes against a signed-in browser", () => {
  let t: TestApp;
  let victim: TestUser;
  let attackerApp: string;
  beforeAll(async () => {
    t = await createTestApp();
    victim = await newUser(t);
    attackerApp = (await signInAs(t.app, await newUser(t), "nimbus-desktop")).access_token;
  });
  afterAll(() => t.close());

  async function webSession(user: TestUser): Promise<string> {
    const response = await t.app.inject({
      method: "POST",
      url: "/v1/auth/signin",
      headers: WEB_HEADERS,
      payload: { client_id: "nimbus-web", username: user.email, password: user.password },
    });
    const cookie = sessionCookie(response.headers["set-cookie"]);
    if (!cookie) throw new Error(`no web session: ${response.body}`);
    return cookie;
  }
  const me = (cookie: string) => t.app.inject({ method: "GET", url: "/v1/user/me", headers: { cookie } });
  const attackerCode = async (payload: Record<string, unknown> = {}) =>
    (
      await t.app.inject({
        method: "POST",
        url: "/v1/auth/authorize",
        headers: bearer(attackerApp),
        payload: { client_id: "nimbus-web", ...payload },
      })
    ).json().code as string;
  const exchange = (cookie: string, code: string) =>
    t.app.inject({
      method: "POST",
      url: "/v1/auth/token",
      headers: { ...WEB_HEADERS, cookie },
      payload: { grant_type: "authorization_code", client_id: "nimbus-web", code },
    });
  const account = (payload: Record<string, unknown>) =>
    t.app.inject({
      method: "POST",
      url: "/v1/auth/authorize/account",
      payload: { client_id: "nimbus-web", ...payload },
    });

  it("keeps the browser's session through a garbage code, and ends it once a switch succeeded", async () => {
    const cookie = await webSession(victim);
    const garbage = await exchange(cookie, "garbage");
    expect(garbage.json()).toMatchObject({ error: "invalid_grant" });
    expect((await me(cookie)).statusCode).toBe(200);

    const switched = await exchange(cookie, await attackerCode());
    expect(switched.statusCode).toBe(200);
    expect(sessionCookie(switched.headers["set-cookie"])).not.toBe(cookie);
    // The replaced session is over, not left live behind the browser's back.
    expect((await me(cookie)).statusCode).toBe(401);
  });

  it("tells whose account a code signs in as without spending it", async () => {
    const code = await attackerCode();
    const described = await account({ code });
    expect(described.statusCode).toBe(200);
    expect(described.json()).toMatchObject({ sub: expect.any(String), bound: false });
    expect(described.json().sub).not.toBe(victim.id);
    expect((await exchange(await webSession(victim), code)).statusCode).toBe(200);
    expect((await account({ code })).json()).toMatchObject({ error: "invalid_grant" });
    expect((await account({ code: "garbage" })).json()).toMatchObject({ error: "invalid_grant" });
  });

  it("describes a PKCE-bound code only to the holder of its verifier", async () => {
    const verifier = randomBytes(32).toString("base64url");
    const code = await attackerCode({ code_challenge: challengeOf(verifier), code_challenge_method: "S256" });
    expect((await account({ code })).json()).toMatchObject({ error: "invalid_grant" });
    expect((await account({ code, code_verifier: verifier })).json()).toMatchObject({ bound: true });
  });
});
