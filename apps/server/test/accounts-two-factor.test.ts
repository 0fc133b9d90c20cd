import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { totpCode } from "../src/modules/accounts/totp.js";
import { verifiedToken } from "./support/mail.js";
import { createTestApp, type TestApp } from "./support/test-app.js";
import { signUp, type TestUser } from "./support/users.js";

const STEP_MS = 30_000;

describe("two-factor sign-in (TOTP, recovery codes)", () => {
  let t: TestApp;
  let offset = 0;
  const now = () => Date.now() + offset;
  let user: TestUser;
  let secret: string;
  let recoveryCodes: string[];
  beforeAll(async () => {
    t = await createTestApp({ env: { CAPTCHA_MODE: "off" }, clock: { now } });
    user = await signUp(t.app);
  });
  afterAll(() => t.close());

  const post = (url: string, payload: unknown, headers: Record<string, string> = {}) =>
    t.app.inject({ method: "POST", url, payload: payload as object, headers });
  /** A code of a later time step than any used so far. */
  const nextCode = () => {
    offset += STEP_MS;
    return totpCode(secret, now());
  };

  it("enrols with a secret, an otpauth URI and a server-made SVG QR code, confirmed by a first code", async () => {
    expect((await t.app.inject({ url: "/v1/user/me/2fa", headers: user.auth })).json()).toEqual({
      enabled: false,
      enabled_at: "",
      recovery_codes_remaining: 0,
    });
    const enrol = await post("/v1/user/me/2fa/enrolment", {}, user.auth);
    expect(enrol.statusCode).toBe(200);
    const body = enrol.json();
    secret = body.secret;
    expect(secret).toMatch(/^[A-Z2-7]{32}$/);
    expect(body.otpauth_uri).toMatch(/^otpauth:\/\/totp\/Nimbus:.+\?.*secret=/);
    expect(body.qr_code).toMatch(/^data:image\/svg\+xml;base64,/);
    expect(Buffer.from(body.qr_code.split(",")[1], "base64").toString()).toContain("<svg");

    const wrong = await post("/v1/user/me/2fa/confirm", { code: "000000" }, user.auth);
    expect(wrong.json()).toMatchObject({ error: "invalid_two_factor", error_code: 4016 });
    const confirmed = await post("/v1/user/me/2fa/confirm", { code: nextCode() }, user.auth);
    expect(confirmed.statusCode).toBe(200);
    recoveryCodes = confirmed.json().recovery_codes;
    expect(recoveryCodes).toHaveLength(10);
    expect(new Set(recoveryCodes).size).toBe(10);
    const stored = await t.database.db.selectFrom("recovery_codes").selectAll().execute();
    expect(JSON.stringify(stored)).not.toContain(recoveryCodes[0]);
    expect((await t.app.inject({ url: "/v1/user/me/2fa", headers: user.auth })).json()).toMatchObject({
      enabled: true,
      recovery_codes_remaining: 10,
    });
  });

  it("answers two_factor_required with a token, then signs in with the TOTP code", async () => {
    const first = await post("/v1/auth/signin", { username: user.email, password: user.password });
    expect(first.statusCode).toBe(401);
    expect(first.json()).toMatchObject({
      error: "two_factor_required",
      error_code: 4015,
      error_description: "Please enter your two-step verification code",
    });
    const { two_factor_token, expires_in } = first.json().details[0].metadata;
    expect(two_factor_token).toMatch(/^tf\./);
    expect(expires_in).toBe("300");

    const wrong = await post("/v1/auth/signin", { two_factor_token, two_factor_code: "123456" });
    expect(wrong.json()).toMatchObject({ error: "invalid_two_factor", error_code: 4016 });
    const code = nextCode();
    const ok = await post("/v1/auth/signin", { two_factor_token, two_factor_code: code });
    expect(ok.statusCode).toBe(200);
    expect(ok.json().sub).toBe(user.id);

    // The token is spent, and the same code is never accepted twice.
    expect((await post("/v1/auth/signin", { two_factor_token, two_factor_code: code })).json().error).toBe(
      "invalid_grant",
    );
    const replay = await post("/v1/auth/signin", {
      username: user.email,
      password: user.password,
      two_factor_code: code,
    });
    expect(replay.json().error).toBe("invalid_two_factor");
  });

  it("signs in in one call with the password and a code, and by code sign-in too", async () => {
    const once = await post("/v1/auth/signin", {
      username: user.email,
      password: user.password,
      two_factor_code: nextCode(),
    });
    expect(once.statusCode).toBe(200);
    offset += 2 * 60_000;
    const token = await verifiedToken(t.app, user.email, "SIGN_IN");
    const byCode = await post("/v1/auth/signin", { verification_token: token });
    expect(byCode.json().error).toBe("two_factor_required");
    const second = await post("/v1/auth/signin", {
      two_factor_token: byCode.json().details[0].metadata.two_factor_token,
      two_factor_code: nextCode(),
    });
    expect(second.statusCode).toBe(200);
  });

  it("takes each recovery code once (invalid_two_factor_recovery after)", async () => {
    const first = await post("/v1/auth/signin", { username: user.email, password: user.password });
    const { two_factor_token } = first.json().details[0].metadata;
    const recovery = (recoveryCodes[0] as string).toUpperCase();
    const ok = await post("/v1/auth/signin", { two_factor_token, recovery_code: recovery });
    expect(ok.statusCode).toBe(200);

    const again = await post("/v1/auth/signin", {
      username: user.email,
      password: user.password,
      recovery_code: recoveryCodes[0],
    });
    expect(again.statusCode).toBe(400);
    expect(again.json()).toMatchObject({
      error: "invalid_two_factor_recovery",
      error_code: 4017,
      error_description: "Recovery code is incorrect",
    });
    expect(
      (await t.app.inject({ url: "/v1/user/me/2fa", headers: user.auth })).json().recovery_codes_remaining,
    ).toBe(9);
  });

  it("expires the second step after 5 minutes", async () => {
    const first = await post("/v1/auth/signin", { username: user.email, password: user.password });
    const { two_factor_token } = first.json().details[0].metadata;
    offset += 6 * 60_000;
    const late = await post("/v1/auth/signin", { two_factor_token, two_factor_code: nextCode() });
    expect(late.json().error).toBe("invalid_grant");
  });

  it("replaces the recovery codes, then turns off with a recovery code", async () => {
    const fresh = await post("/v1/user/me/2fa/recovery_codes", { code: nextCode() }, user.auth);
    expect(fresh.statusCode).toBe(200);
    const codes: string[] = fresh.json().recovery_codes;
    const old = await post("/v1/user/me/2fa/disable", { recovery_code: recoveryCodes[1] }, user.auth);
    expect(old.json().error).toBe("invalid_two_factor_recovery");
    const off = await post("/v1/user/me/2fa/disable", { recovery_code: codes[0] }, user.auth);
    expect(off.statusCode).toBe(200);
    const plain = await post("/v1/auth/signin", { username: user.email, password: user.password });
    expect(plain.statusCode).toBe(200);
  });
});
