import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { verifiedToken } from "./support/mail.js";
import { createTestApp, type TestApp } from "./support/test-app.js";
import { signUp } from "./support/users.js";

describe("sign-up, sign-in and the profile", () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it("signs up with a mailed code, answers tokens and the profile", async () => {
    const verification_token = await verifiedToken(t.app, "Ada@Example.com", "REGISTER");
    const response = await t.app.inject({
      method: "POST",
      url: "/v1/auth/signup",
      payload: { verification_token, password: "analytical engine", name: "Ada" },
    });
    expect(response.statusCode).toBe(200);
    const tokens = response.json();
    expect(tokens).toMatchObject({ token_type: "Bearer", expires_in: 7200, sub: expect.any(String) });
    const me = await t.app.inject({
      url: "/v1/user/me",
      headers: { authorization: `Bearer ${tokens.access_token}` },
    });
    expect(me.statusCode).toBe(200);
    expect(me.json()).toMatchObject({
      sub: tokens.sub,
      email: "ada@example.com",
      name: "Ada",
      password: "set",
      status: "ACTIVE",
    });
  });

  it("refuses a second account with the same email, whatever its case", async () => {
    await signUp(t.app, { email: "twice@example.com" });
    // Within the resend cool-down of the REGISTER code: a SIGN_IN code proves the address too.
    const verification_token = await verifiedToken(t.app, "TWICE@example.com", "SIGN_IN");
    const again = await t.app.inject({
      method: "POST",
      url: "/v1/auth/signup",
      payload: { verification_token, password: "another password" },
    });
    expect(again.statusCode).toBe(409);
    expect(again.json()).toMatchObject({ error: "already_exists", error_code: 6 });
  });

  it("rejects malformed sign-up input with invalid_argument", async () => {
    for (const payload of [
      { email: "not-an-email", verification_token: "vt.x" },
      { verification_token: "vt.x", password: "short" },
      {},
    ]) {
      const response = await t.app.inject({ method: "POST", url: "/v1/auth/signup", payload });
      expect(response.statusCode).toBe(400);
      expect(response.json().error).toBe("invalid_argument");
    }
  });

  it("signs in with the password, and answers an unknown account exactly like a wrong password", async () => {
    const user = await signUp(t.app);
    const ok = await t.app.inject({
      method: "POST",
      url: "/v1/auth/signin",
      payload: { username: user.email.toUpperCase(), password: user.password },
    });
    expect(ok.statusCode).toBe(200);
    expect(ok.json().sub).toBe(user.id);

    const wrong = await t.app.inject({
      method: "POST",
      url: "/v1/auth/signin",
      payload: { username: user.email, password: "nope" },
    });
    const unknown = await t.app.inject({
      method: "POST",
      url: "/v1/auth/signin",
      payload: { username: "nobody@example.com", password: "nope" },
    });
    expect(wrong.statusCode).toBe(401);
    expect(unknown.statusCode).toBe(401);
    expect(wrong.json()).toMatchObject({ error: "invalid_account_or_password", error_code: 4022 });
    expect(wrong.json().error_description).toBe("Wrong account number or password, please re-enter");
    expect({ ...unknown.json() }).toEqual({ ...wrong.json() });
  });

  it("refuses bad, unknown and malformed tokens", async () => {
    for (const authorization of ["Bearer at.nope", "Basic abc", "Bearer", ""]) {
      const response = await t.app.inject({ url: "/v1/user/me", headers: { authorization } });
      expect(response.statusCode).toBe(401);
      expect(response.json()).toMatchObject({
        error: "unauthenticated",
        error_code: 16,
        error_uri: "/v1/user/me",
      });
    }
  });

  it("stores tokens only as hashes", async () => {
    const user = await signUp(t.app);
    const rows = await t.database.db
      .selectFrom("sessions")
      .selectAll()
      .where("user_id", "=", user.id)
      .execute();
    expect(rows).toHaveLength(1);
    expect(JSON.stringify(rows)).not.toContain(user.token);
    expect(rows[0]?.access_token_hash).toMatch(/^[0-9a-f]{64}$/);
  });

  it("reports the free quota and zero usage for a new user", async () => {
    const user = await signUp(t.app);
    const about = await t.app.inject({ url: "/drive/v1/about", headers: user.auth });
    expect(about.json()).toMatchObject({
      kind: "drive#about",
      quota: { kind: "drive#quota", limit: String(6 * 1024 ** 3), usage: "0", usage_in_trash: "0" },
      over_free_task_limit: false,
      trash_retention_days: 30,
    });
    expect(Object.keys(about.json().quotas).sort()).toEqual(["download", "offline"]);
  });
});
