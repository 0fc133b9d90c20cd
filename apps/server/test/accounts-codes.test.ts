import { readdir, readFile } from "node:fs/promises";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { lastCodeFor, outbox, verifiedToken } from "./support/mail.js";
import { createTestApp, sendsSettled, type TestApp } from "./support/test-app.js";
import { signUp } from "./support/users.js";

const MINUTE = 60_000;

describe("verification codes, sign-up and code sign-in", () => {
  let t: TestApp;
  let offset = 0;
  beforeAll(async () => {
    // The captcha shield's own thresholds are tested with it; here the accounts limits alone.
    t = await createTestApp({ env: { CAPTCHA_MODE: "off" }, clock: { now: () => Date.now() + offset } });
  });
  afterAll(() => t.close());

  const post = (url: string, payload: unknown, headers: Record<string, string> = {}) =>
    t.app.inject({ method: "POST", url, payload: payload as object, headers });
  const sendCode = (email: string, usage: string, headers: Record<string, string> = {}) =>
    post("/v1/auth/verification", { email, target: "ANY", usage }, headers);

  it("mails a 6-digit code, stored only as a keyed hash, and trades it for a one-use token", async () => {
    const sent = await sendCode("new@example.com", "REGISTER");
    expect(sent.statusCode).toBe(200);
    expect(sent.json()).toMatchObject({
      verification_id: expect.any(String),
      expires_in: 600,
      resend_in: 60,
    });
    const code = await lastCodeFor(t.app, "new@example.com");
    const row = await t.database.db.selectFrom("verifications").selectAll().executeTakeFirstOrThrow();
    expect(row.code_hash).toMatch(/^[0-9a-f]{64}$/);
    expect(JSON.stringify(row)).not.toContain(code);

    const verified = await post("/v1/auth/verification/verify", {
      verification_id: sent.json().verification_id,
      verification_code: code,
    });
    expect(verified.statusCode).toBe(200);
    expect(verified.json()).toMatchObject({
      verification_token: expect.stringMatching(/^vt\./),
      is_user: false,
    });
    const again = await post("/v1/auth/verification/verify", {
      verification_id: sent.json().verification_id,
      verification_code: code,
    });
    expect(again.json()).toMatchObject({ error: "invalid_verification_code", error_code: 4014 });

    const signup = await post("/v1/auth/signup", { verification_token: verified.json().verification_token });
    expect(signup.statusCode).toBe(200);
    const reuse = await post("/v1/auth/signup", { verification_token: verified.json().verification_token });
    expect(reuse.json().error).toBe("invalid_verification_code");
  });

  it("answers invalid_verification_code for wrong codes and spends the code after 5 tries", async () => {
    const sent = await sendCode("tries@example.com", "REGISTER");
    const id = sent.json().verification_id;
    const code = await lastCodeFor(t.app, "tries@example.com");
    const wrong = code === "000000" ? "111111" : "000000";
    for (let i = 0; i < 5; i++) {
      const response = await post("/v1/auth/verification/verify", {
        verification_id: id,
        verification_code: wrong,
      });
      expect(response.statusCode).toBe(400);
      expect(response.json()).toMatchObject({
        error: "invalid_verification_code",
        error_code: 4014,
        error_description: "Verification code is incorrect",
      });
    }
    const right = await post("/v1/auth/verification/verify", {
      verification_id: id,
      verification_code: code,
    });
    expect(right.json().error).toBe("invalid_verification_code");
    const unknown = await post("/v1/auth/verification/verify", {
      verification_id: "nope",
      verification_code: code,
    });
    expect(unknown.json().error).toBe("invalid_verification_code");
  });

  it("answers expired_verification_code after 10 minutes, for codes and for tokens", async () => {
    const sent = await sendCode("late@example.com", "REGISTER");
    const code = await lastCodeFor(t.app, "late@example.com");
    offset += 11 * MINUTE;
    const late = await post("/v1/auth/verification/verify", {
      verification_id: sent.json().verification_id,
      verification_code: code,
    });
    expect(late.statusCode).toBe(400);
    expect(late.json()).toMatchObject({
      error: "expired_verification_code",
      error_code: 4024,
      error_description: "Verification code is expired",
    });

    const token = await verifiedToken(t.app, "late@example.com", "REGISTER");
    offset += 11 * MINUTE;
    const signup = await post("/v1/auth/signup", { verification_token: token });
    expect(signup.json().error).toBe("expired_verification_code");
  });

  it("holds a 60 s cool-down per address and usage, then a cap per address per hour", async () => {
    offset += 2 * 60 * MINUTE;
    const first = await sendCode("often@example.com", "SIGN_IN");
    expect(first.statusCode).toBe(200);
    const soon = await sendCode("often@example.com", "SIGN_IN");
    expect(soon.statusCode).toBe(429);
    expect(soon.json()).toMatchObject({
      error: "too_many_requests",
      error_description: "Your operation is too frequent, please try again later",
    });
    expect(Number(soon.json().details[0].metadata.retry_after)).toBeGreaterThan(50);
    // The code already mailed can still be typed: the answer names it.
    expect(soon.json().details[0].metadata.verification_id).toBe(first.json().verification_id);
    const verified = await post("/v1/auth/verification/verify", {
      verification_id: soon.json().details[0].metadata.verification_id,
      verification_code: await lastCodeFor(t.app, "often@example.com"),
    });
    expect(verified.statusCode).toBe(200);
    // A spent code is not offered again.
    const after = await sendCode("often@example.com", "SIGN_IN");
    expect(after.statusCode).toBe(429);
    expect(after.json().details[0].metadata.verification_id).toBeUndefined();
    for (let send = 2; send <= 11; send++) {
      offset += MINUTE + 1000;
      const response = await sendCode("often@example.com", "SIGN_IN");
      expect(response.statusCode, `send ${send}`).toBe(send <= 10 ? 200 : 429);
    }
  });

  it("refuses a token of another usage", async () => {
    offset += 2 * 60 * MINUTE;
    const user = await signUp(t.app);
    const token = await verifiedToken(t.app, user.email, "RESET_PASSWORD");
    const signup = await post("/v1/auth/signup", { verification_token: token });
    expect(signup.json().error).toBe("invalid_verification_code");
  });

  it("answers a reset code for an unknown address alike, but mails nothing", async () => {
    const before = (await outbox(t.app)).length;
    const sent = await sendCode("ghost@example.com", "RESET_PASSWORD");
    expect(sent.statusCode).toBe(200);
    expect(Object.keys(sent.json()).sort()).toEqual(["expires_in", "resend_in", "verification_id"]);
    expect((await outbox(t.app)).length).toBe(before);
  });

  it("mails in the Accept-Language locale, else the account's stored one", async () => {
    await sendCode("japan@example.com", "REGISTER", { "accept-language": "ja-JP,ja;q=0.9" });
    const mail = (await outbox(t.app)).at(-1);
    expect(mail?.to).toBe("japan@example.com");
    expect(mail?.raw).toMatch(/Content-Language: ja/);
    expect(mail?.subject).toMatch(/=\?UTF-8\?/); // encoded Japanese subject
    expect(mail?.code).toMatch(/^\d{6}$/);

    const token = await verifiedToken(t.app, "ukraine@example.com", "REGISTER", { "accept-language": "uk" });
    await post("/v1/auth/signup", { verification_token: token }, { "accept-language": "uk" });
    await sendCode("ukraine@example.com", "RESET_PASSWORD");
    expect((await outbox(t.app)).at(-1)?.raw).toMatch(/Content-Language: uk/);
  });

  it("signs in by code, and answers user_not_exist for an address without an account", async () => {
    const user = await signUp(t.app);
    offset += 2 * MINUTE;
    const token = await verifiedToken(t.app, user.email, "SIGN_IN");
    const signin = await post("/v1/auth/signin", { verification_token: token });
    expect(signin.statusCode).toBe(200);
    expect(signin.json().sub).toBe(user.id);

    const stranger = await verifiedToken(t.app, "stranger@example.com", "SIGN_IN");
    const none = await post("/v1/auth/signin", { verification_token: stranger });
    expect(none.statusCode).toBe(404);
    expect(none.json()).toMatchObject({ error: "user_not_exist", error_code: 4023 });
  });

  it("signs up by phone (code by SMS into DATA_DIR/sms), with a username, and signs in with either", async () => {
    const sent = await post("/v1/auth/verification", {
      phone_number: "+1 (555) 010-4477",
      target: "ANY",
      usage: "REGISTER",
    });
    expect(sent.statusCode).toBe(200);
    await sendsSettled(t.app);
    const smsDir = t.config.accounts.smsDir;
    const file = (await readdir(smsDir)).sort().at(-1) as string;
    const sms = await readFile(path.join(smsDir, file), "utf8");
    expect(sms).toContain("To: +15550104477");
    const code = /(\d{6}) is your Nimbus verification code/.exec(sms)?.[1] as string;
    const verified = await post("/v1/auth/verification/verify", {
      verification_id: sent.json().verification_id,
      verification_code: code,
    });
    const signup = await post("/v1/auth/signup", {
      verification_token: verified.json().verification_token,
      password: "phone password 1",
      username: "Grace_H",
    });
    expect(signup.statusCode).toBe(200);
    const me = await t.app.inject({
      url: "/v1/user/me",
      headers: { authorization: `Bearer ${signup.json().access_token}` },
    });
    expect(me.json()).toMatchObject({ email: "", phone_number: "+15550104477" });

    for (const username of ["+15550104477", "1-555-010-4477", "grace_h", "GRACE_H"]) {
      const signin = await post("/v1/auth/signin", { username, password: "phone password 1" });
      expect(signin.statusCode, username).toBe(200);
      expect(signin.json().sub).toBe(signup.json().sub);
    }
  });

  it("refuses a taken username with already_exists naming the field", async () => {
    const token = await verifiedToken(t.app, "copycat@example.com", "REGISTER");
    const taken = await post("/v1/auth/signup", { verification_token: token, username: "grace_h" });
    expect(taken.statusCode).toBe(409);
    expect(taken.json()).toMatchObject({ error: "already_exists" });
    expect(taken.json().details[0].metadata.field).toBe("username");
  });

  it("limits sign-ups per IP (SIGNUPS_PER_IP_HOUR)", async () => {
    const limited = await createTestApp({ env: { SIGNUPS_PER_IP_HOUR: "2", CAPTCHA_MODE: "off" } });
    try {
      await signUp(limited.app);
      await signUp(limited.app);
      await expect(signUp(limited.app)).rejects.toThrow(/too_many_requests/);
    } finally {
      await limited.close();
    }
  });
});
