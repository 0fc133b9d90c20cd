import { USER_SETTING_DEFAULTS } from "@nimbus/protocol";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { verifiedToken } from "./support/mail.js";
import { createTestApp, type TestApp } from "./support/test-app.js";
import { signUp, type TestUser } from "./support/users.js";

describe("user settings (spec §3) and sign-up attribution", () => {
  let t: TestApp;
  let user: TestUser;
  let other: TestUser;
  beforeAll(async () => {
    t = await createTestApp();
    user = await signUp(t.app);
    other = await signUp(t.app);
  });
  afterAll(() => t.close());

  const settings = (who: TestUser) => t.app.inject({ url: "/v1/user/settings", headers: who.auth });
  const patch = (who: TestUser, payload: Record<string, unknown>) =>
    t.app.inject({ method: "PATCH", url: "/v1/user/settings", headers: who.auth, payload });

  it("answers the defaults before anything is changed", async () => {
    const response = await settings(user);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual(USER_SETTING_DEFAULTS);
  });

  it("keeps a change per user and answers every setting", async () => {
    const changed = await patch(user, { autoIdentifyShareCode: false, displaySensitiveShare: true });
    expect(changed.statusCode).toBe(200);
    expect(changed.json()).toEqual({
      ...USER_SETTING_DEFAULTS,
      autoIdentifyShareCode: false,
      displaySensitiveShare: true,
    });
    // A second change of the same name replaces the first.
    await patch(user, { displaySensitiveShare: false });
    expect((await settings(user)).json()).toMatchObject({
      autoIdentifyShareCode: false,
      displaySensitiveShare: false,
    });
    expect((await settings(other)).json()).toEqual(USER_SETTING_DEFAULTS);
  });

  it("refuses unknown names, TEST_MODE and non-boolean values; needs a signed-in caller", async () => {
    for (const payload of [{ TEST_MODE: true }, { autoIdentifyShareCode: "yes" }, { nope: 1 }]) {
      const response = await patch(user, payload);
      expect(response.statusCode).toBe(400);
      expect(response.json()).toMatchObject({ error: "invalid_argument" });
    }
    expect((await t.app.inject({ url: "/v1/user/settings" })).json()).toMatchObject({
      error: "unauthenticated",
    });
    expect((await settings(user)).json()).toMatchObject({ autoIdentifyShareCode: false });
  });

  it("stores the attribution and referrers sent with sign-up on the user", async () => {
    const email = "attributed@example.com";
    const verification_token = await verifiedToken(t.app, email, "REGISTER");
    const response = await t.app.inject({
      method: "POST",
      url: "/v1/auth/signup",
      payload: {
        verification_token,
        password: "correct horse battery",
        attribution: { source: "newsletter", campaign: "spring" },
        referrers: ["news.example.org", "blog.example.net", "news.example.org"],
      },
    });
    expect(response.statusCode).toBe(200);
    const row = await t.database.db
      .selectFrom("users")
      .select("signup_attribution")
      .where("email", "=", email)
      .executeTakeFirstOrThrow();
    expect(JSON.parse(row.signup_attribution ?? "null")).toEqual({
      source: "newsletter",
      campaign: "spring",
      referrers: ["news.example.org", "blog.example.net"],
    });
    const plain = await t.database.db
      .selectFrom("users")
      .select("signup_attribution")
      .where("id", "=", user.id)
      .executeTakeFirstOrThrow();
    expect(plain.signup_attribution).toBeNull();
  });

  it("refuses more than 10 referrers or an unknown attribution field", async () => {
    const verification_token = await verifiedToken(t.app, "too-many@example.com", "REGISTER");
    const signup = (extra: object) =>
      t.app.inject({ method: "POST", url: "/v1/auth/signup", payload: { verification_token, ...extra } });
    const many = Array.from({ length: 11 }, (_, index) => `r${index}.example.org`);
    expect((await signup({ referrers: many })).json()).toMatchObject({ error: "invalid_argument" });
    expect((await signup({ attribution: { term: "x" } })).json()).toMatchObject({
      error: "invalid_argument",
    });
  });
});
