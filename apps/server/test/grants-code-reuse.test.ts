import { randomBytes } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { hashOpaqueToken, newOpaqueToken } from "../src/lib/opaque-token.js";
import { AuthService, type IssuedTokens } from "../src/modules/auth/auth-service.js";
import { AuthorizationCodes } from "../src/modules/auth/authorization-codes.js";
import { challengeOf } from "../src/modules/auth/pkce.js";
import { SessionsRepository } from "../src/modules/auth/sessions-repository.js";
import { ClientRegistry } from "../src/modules/clients/client-registry.js";
import { bearer, manualClock, newUser, sessionCookie, signInAs, WEB_HEADERS } from "./support/grants.js";
import { createTestApp, type TestApp } from "./support/test-app.js";
import type { TestUser } from "./support/users.js";

/** RFC 6749 §4.1.2: a code used twice is refused, and what its first use issued is revoked. */
describe("authorization code reuse", () => {
  const clock = manualClock();
  let t: TestApp;
  let user: TestUser;
  beforeAll(async () => {
    t = await createTestApp({ clock });
    user = await newUser(t);
  });
  afterAll(() => t.close());

  const token = (payload: Record<string, unknown>, headers: Record<string, string> = {}) =>
    t.app.inject({
      method: "POST",
      url: "/v1/auth/token",
      headers,
      payload: { grant_type: "authorization_code", ...payload },
    });
  const me = (headers: Record<string, string>) => t.app.inject({ url: "/v1/user/me", headers });

  /**
   * Only the web page takes hand-offs today, and it answers a cookie; a code for a token
   * client (the desktop app may use the grant) is written as `POST /v1/auth/authorize` would.
   */
  async function desktopCode(verifier: string): Promise<string> {
    const code = newOpaqueToken("ac");
    await t.database.db
      .insertInto("auth_codes")
      .values({
        code_hash: hashOpaqueToken(code),
        user_id: user.id,
        client_id: "nimbus-desktop",
        scope: "user pan offline",
        code_challenge: challengeOf(verifier),
        redirect_uri: null,
        expires_at: clock.now() + 60_000,
        used_at: null,
        created_at: clock.now(),
      })
      .execute();
    return code;
  }

  it("answers invalid_grant to the second exchange and revokes the first one's access and refresh tokens", async () => {
    const verifier = randomBytes(32).toString("base64url");
    const code = await desktopCode(verifier);
    const first = await token({ client_id: "nimbus-desktop", code, code_verifier: verifier });
    expect(first.statusCode).toBe(200);
    const { access_token, refresh_token } = first.json();
    expect(access_token).toEqual(expect.any(String));
    expect(refresh_token).toEqual(expect.any(String));
    expect((await me(bearer(access_token))).statusCode).toBe(200);

    const second = await token({ client_id: "nimbus-desktop", code, code_verifier: verifier });
    expect(second.statusCode).toBe(400);
    expect(second.json()).toMatchObject({ error: "invalid_grant", error_code: 4126 });
    expect(second.json().details[0].metadata).toEqual({ reason: "AUTHORIZATION_CODE_REUSED" });

    expect((await me(bearer(access_token))).statusCode).toBe(401);
    const refreshed = await t.app.inject({
      method: "POST",
      url: "/v1/auth/token",
      payload: { grant_type: "refresh_token", client_id: "nimbus-desktop", refresh_token },
    });
    expect(refreshed.json().error).toBe("invalid_grant");
  });

  it("revokes on any second presentation, even a late one or from another client", async () => {
    const verifier = randomBytes(32).toString("base64url");
    const code = await desktopCode(verifier);
    const { access_token } = (
      await token({ client_id: "nimbus-desktop", code, code_verifier: verifier })
    ).json();
    clock.advance(120_000);
    expect((await token({ client_id: "nimbus-extension", code })).json().error).toBe("invalid_grant");
    expect((await me(bearer(access_token))).statusCode).toBe(401);
  });

  it("ends the web page's cookie session when its hand-off code is used again", async () => {
    const desktop = (await signInAs(t.app, user, "nimbus-desktop")).access_token;
    const code = (
      await t.app.inject({
        method: "POST",
        url: "/v1/auth/authorize",
        headers: bearer(desktop),
        payload: { client_id: "nimbus-web" },
      })
    ).json().code;
    const first = await token({ client_id: "nimbus-web", code }, WEB_HEADERS);
    const cookie = sessionCookie(first.headers["set-cookie"]) as string;
    expect((await me({ cookie })).statusCode).toBe(200);
    expect((await token({ client_id: "nimbus-web", code }, WEB_HEADERS)).json().error).toBe("invalid_grant");
    expect((await me({ cookie })).statusCode).toBe(401);
    // The app that asked for the code keeps its own session.
    expect((await me(bearer(desktop))).statusCode).toBe(200);
  });

  it("leaves sessions alone when an unknown or wrong code is tried", async () => {
    const verifier = randomBytes(32).toString("base64url");
    const code = await desktopCode(verifier);
    expect((await token({ client_id: "nimbus-desktop", code: newOpaqueToken("ac") })).json().error).toBe(
      "invalid_grant",
    );
    // A wrong verifier does not spend the code, so the right one still works afterwards.
    expect(
      (await token({ client_id: "nimbus-desktop", code, code_verifier: "x".repeat(43) })).json().error,
    ).toBe("invalid_grant");
    const good = await token({ client_id: "nimbus-desktop", code, code_verifier: verifier });
    expect(good.statusCode).toBe(200);
    expect((await me(bearer(good.json().access_token))).statusCode).toBe(200);
  });

  it("revokes a session that was still being issued when the reuse came in", async () => {
    const codes = new AuthorizationCodes(t.database.db, new ClientRegistry(), clock);
    const auth = new AuthService(new SessionsRepository(t.database.db), clock);
    const verifier = randomBytes(32).toString("base64url");
    const input = { code: await desktopCode(verifier), clientId: "nimbus-desktop", verifier };
    let issued: IssuedTokens | undefined;
    const exchange = codes.exchange(input, async (redeemed) => {
      // The second redemption lands between spending the code and inserting the session.
      await expect(codes.redeem(input)).rejects.toMatchObject({ error: "invalid_grant" });
      issued = await auth.issueTokens(redeemed.userId, input.clientId, {
        scope: redeemed.scope,
        familyId: redeemed.familyId,
      });
      return issued;
    });
    await expect(exchange).rejects.toMatchObject({ error: "invalid_grant" });
    expect((await me(bearer((issued as IssuedTokens).access_token))).statusCode).toBe(401);
  });
});
