import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { verifiedToken } from "./support/mail.js";
import { createTestApp, type TestApp } from "./support/test-app.js";
import { signUp } from "./support/users.js";

const MINUTE = 60_000;

describe("sign-in protection: freeze, statuses, reset by code", () => {
  let t: TestApp;
  let offset = 0;
  beforeAll(async () => {
    t = await createTestApp({
      // The captcha shield's thresholds are tested with it; here the accounts guard alone.
      env: { CAPTCHA_MODE: "off", SIGNIN_FREEZE_AFTER: "4", SIGNIN_FREEZE_MINUTES: "30" },
      clock: { now: () => Date.now() + offset },
    });
  });
  afterAll(() => t.close());

  const signin = (payload: Record<string, unknown>) =>
    t.app.inject({ method: "POST", url: "/v1/auth/signin", payload });

  it("slows down, then freezes an account after repeated failures; the freeze survives a restart", async () => {
    const user = await signUp(t.app);
    const started = Date.now();
    for (let i = 1; i <= 3; i++) {
      const wrong = await signin({ username: user.email, password: `wrong ${i}` });
      expect(wrong.json().error).toBe("invalid_account_or_password");
    }
    // The third failure waited (200 ms) before answering.
    expect(Date.now() - started).toBeGreaterThanOrEqual(200);
    const fourth = await signin({ username: user.email, password: "wrong 4" });
    expect(fourth.statusCode).toBe(403);
    expect(fourth.json()).toMatchObject({
      error: "account_freeze",
      error_code: 50,
      error_description: "Account is frozen, please try again later",
    });
    const right = await signin({ username: user.email, password: user.password });
    expect(right.json().error).toBe("account_freeze");

    t = await t.restart();
    expect((await signin({ username: user.email, password: user.password })).json().error).toBe(
      "account_freeze",
    );

    offset += 31 * MINUTE;
    const later = await signin({ username: user.email, password: user.password });
    expect(later.statusCode).toBe(200);
  });

  it("freezes an unknown account exactly like a real one", async () => {
    const answers = [];
    for (let i = 1; i <= 5; i++)
      answers.push((await signin({ username: "nobody@example.com", password: "x" })).json());
    expect(answers.map((a) => a.error)).toEqual([
      "invalid_account_or_password",
      "invalid_account_or_password",
      "invalid_account_or_password",
      "account_freeze",
      "account_freeze",
    ]);
  });

  it("answers user_blocked, user_pending and invalid_status only to the right password", async () => {
    const user = await signUp(t.app);
    for (const [status, error, code] of [
      ["BLOCKED", "user_blocked", 4013],
      ["PENDING", "user_pending", 4012],
      ["SUSPENDED", "invalid_status", 4011],
    ] as const) {
      await t.database.db.updateTable("users").set({ status }).where("id", "=", user.id).execute();
      const right = await signin({ username: user.email, password: user.password });
      expect(right.statusCode).toBe(403);
      expect(right.json()).toMatchObject({ error, error_code: code });
      const wrong = await signin({ username: user.email, password: "not it" });
      expect(wrong.json().error).toBe("invalid_account_or_password");
    }
    expect((await signin({ username: user.email, password: user.password })).json().error_description).toBe(
      "Your account status does not allow this operation",
    );
  });

  it("stops a blocked account's live sessions at their next call, and lets them work again once unblocked", async () => {
    const user = await signUp(t.app);
    const me = () => t.app.inject({ url: "/v1/user/me", headers: user.auth });
    expect((await me()).statusCode).toBe(200);
    await t.database.db.updateTable("users").set({ status: "BLOCKED" }).where("id", "=", user.id).execute();
    const blocked = await me();
    expect(blocked.statusCode).toBe(403);
    expect(blocked.json()).toMatchObject({ error: "user_blocked", error_code: 4013 });
    const files = await t.app.inject({ url: "/drive/v1/files", headers: user.auth });
    expect(files.json().error).toBe("user_blocked");
    await t.database.db.updateTable("users").set({ status: "ACTIVE" }).where("id", "=", user.id).execute();
    expect((await me()).statusCode).toBe(200);
  });

  it("answers password_reset_required until a reset by code, which ends every session and unfreezes", async () => {
    const user = await signUp(t.app);
    await t.database.db
      .updateTable("users")
      .set({ password_reset_required_at: Date.now() })
      .where("id", "=", user.id)
      .execute();
    const flagged = await signin({ username: user.email, password: user.password });
    expect(flagged.statusCode).toBe(403);
    expect(flagged.json()).toMatchObject({ error: "password_reset_required", error_code: 4021 });

    const token = await verifiedToken(t.app, user.email, "RESET_PASSWORD");
    const reset = await t.app.inject({
      method: "POST",
      url: "/v1/auth/password/reset",
      payload: { verification_token: token, password: "a brand new password" },
    });
    expect(reset.statusCode).toBe(200);
    expect((await t.app.inject({ url: "/v1/user/me", headers: user.auth })).statusCode).toBe(401);
    expect((await signin({ username: user.email, password: user.password })).json().error).toBe(
      "invalid_account_or_password",
    );
    const fresh = await signin({ username: user.email, password: "a brand new password" });
    expect(fresh.statusCode).toBe(200);
    const reused = await t.app.inject({
      method: "POST",
      url: "/v1/auth/password/reset",
      payload: { verification_token: token, password: "yet another password" },
    });
    expect(reused.json().error).toBe("invalid_verification_code");
  });

  it("changes the email with a CHANGE_EMAIL code asked for by the same user", async () => {
    const user = await signUp(t.app);
    const other = await signUp(t.app);
    const token = await verifiedToken(t.app, "moved@example.com", "CHANGE_EMAIL", user.auth);
    const byOther = await t.app.inject({
      method: "POST",
      url: "/v1/user/me/email",
      headers: other.auth,
      payload: { verification_token: token },
    });
    expect(byOther.json().error).toBe("invalid_verification_code");
    const changed = await t.app.inject({
      method: "POST",
      url: "/v1/user/me/email",
      headers: user.auth,
      payload: { verification_token: token },
    });
    expect(changed.statusCode).toBe(200);
    expect(changed.json()).toEqual({ email: "moved@example.com" });
    expect((await signin({ username: "moved@example.com", password: user.password })).statusCode).toBe(200);

    const anonymous = await t.app.inject({
      method: "POST",
      url: "/v1/auth/verification",
      payload: { email: "x@example.com", target: "ANY", usage: "CHANGE_EMAIL" },
    });
    expect(anonymous.statusCode).toBe(401);
    const taken = await verifiedToken(t.app, other.email, "CHANGE_EMAIL", user.auth);
    const clash = await t.app.inject({
      method: "POST",
      url: "/v1/user/me/email",
      headers: user.auth,
      payload: { verification_token: taken },
    });
    expect(clash.statusCode).toBe(409);
    expect(clash.json().error).toBe("already_exists");
  });

  it("refuses clients not registered for sign-in", async () => {
    const user = await signUp(t.app);
    const tv = await signin({ client_id: "nimbus-tv", username: user.email, password: user.password });
    expect(tv.json().error).toBe("unauthorized_client");
    const unknown = await signin({ client_id: "who-knows", username: user.email, password: user.password });
    expect(unknown.json().error).toBe("unauthorized_client");
  });

  it("counts failures where the captcha risk policy reads them", async () => {
    const risky = await createTestApp({ env: { CAPTCHA_FAILURES: "2" } });
    try {
      const user = await signUp(risky.app);
      const attempt = () =>
        risky.app.inject({
          method: "POST",
          url: "/v1/auth/signin",
          headers: { "x-device-id": "d".repeat(32) },
          payload: { username: user.email, password: "wrong" },
        });
      expect((await attempt()).json().error).toBe("invalid_account_or_password");
      expect((await attempt()).json().error).toBe("invalid_account_or_password");
      expect((await attempt()).json()).toMatchObject({ error: "captcha_required", error_code: 4001 });
    } finally {
      await risky.close();
    }
  });
});
