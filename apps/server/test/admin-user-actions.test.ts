import { randomBytes } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { totpCode } from "../src/modules/accounts/totp.js";
import { Admins } from "../src/modules/console/admins.js";
import { driveClient } from "./support/drive.js";
import { outbox } from "./support/mail.js";
import { type ShareClient, shareClient } from "./support/shares.js";
import { createTestApp, type TestApp } from "./support/test-app.js";
import { signUp, type TestUser } from "./support/users.js";

const ADMIN_EMAIL = "actions-admin@example.com";
const DAY = 86_400_000;

/** The console's remaining user actions (decision 0042): premium, two-step verification, deletion. */
describe("admin user actions", () => {
  let t: TestApp;
  let adminUser: TestUser;
  let admin: ShareClient;

  const call = (user: TestUser | undefined, method: "GET" | "POST", url: string, payload?: unknown) =>
    shareClient(t, user).call(method, url, payload);
  const lastAction = async (action: string) =>
    (await admin.ok("GET", `/admin/v1/actions?action=${action}&limit=1`)).data[0];

  beforeAll(async () => {
    t = await createTestApp({ env: { ADMIN_EMAILS: ADMIN_EMAIL, CAPTCHA_MODE: "off" } });
    adminUser = await signUp(t.app, { email: ADMIN_EMAIL });
    admin = shareClient(t, adminUser);
  });
  afterAll(() => t.close());

  it("grants premium through the ledger (stacking), the user sees it at once, and revoking ends it now", async () => {
    const bob = await signUp(t.app);
    const before = Date.now();
    const granted = await admin.ok("POST", `/admin/v1/users/${bob.id}:grant_premium`, { days: 30 });
    expect(granted.premium).toBe(true);
    const expires = Date.parse(granted.premium_expires);
    expect(expires).toBeGreaterThanOrEqual(before + 30 * DAY - 60_000);
    expect(expires).toBeLessThanOrEqual(Date.now() + 30 * DAY);

    const vip = (await call(bob, "GET", "/drive/v1/privilege/vip")).body.data;
    expect(vip).toMatchObject({ status: "ok", type: "platinum" });
    expect(Date.parse(vip.expire)).toBe(expires);
    expect((await call(bob, "GET", "/v1/user/me")).body.vip).toMatchObject({ type: "platinum" });
    expect(await lastAction("user.grant_premium")).toMatchObject({
      target: bob.id,
      admin_user_id: adminUser.id,
      detail: { days: 30, expires: granted.premium_expires },
    });

    const extended = await admin.ok("POST", `/admin/v1/users/${bob.id}:grant_premium`, { days: 10 });
    expect(Date.parse(extended.premium_expires)).toBe(expires + 10 * DAY);

    const revoked = await admin.ok("POST", `/admin/v1/users/${bob.id}:revoke_premium`, {});
    expect(revoked).toMatchObject({ premium: false, premium_expires: "" });
    expect((await call(bob, "GET", "/drive/v1/privilege/vip")).body.data).toMatchObject({
      status: "invalid",
      type: "novip",
    });
    const logged = await lastAction("user.revoke_premium");
    expect(logged.detail.grants).toHaveLength(2);
    expect(logged.detail.was_expiring).toBe(extended.premium_expires);

    // Nothing left to revoke; a grant still works after a revoke.
    const again = await call(adminUser, "POST", `/admin/v1/users/${bob.id}:revoke_premium`, {});
    expect(again.status).toBe(400);
    expect(again.body.error).toBe("failed_precondition");
    expect((await admin.ok("POST", `/admin/v1/users/${bob.id}:grant_premium`, { days: 1 })).premium).toBe(
      true,
    );
  });

  it("refuses a bad number of days and an unknown account", async () => {
    const bob = await signUp(t.app);
    for (const days of [0, -3, 3651, 1.5, "7", null]) {
      const answer = await call(adminUser, "POST", `/admin/v1/users/${bob.id}:grant_premium`, { days });
      expect(answer.status, String(days)).toBe(400);
      expect(answer.body.error).toBe("invalid_argument");
    }
    const nobody = await call(adminUser, "POST", "/admin/v1/users/nobody:grant_premium", { days: 3 });
    expect(nobody.status).toBe(404);
    expect(nobody.body.error).toBe("user_not_exist");
    for (const action of ["revoke_premium", "reset_two_factor"]) {
      expect((await call(adminUser, "POST", `/admin/v1/users/nobody:${action}`, {})).body.error).toBe(
        "user_not_exist",
      );
    }
  });

  it("resets two-step verification: the password alone signs in, and the account is told by mail", async () => {
    const carol = await signUp(t.app);
    const post = (url: string, payload: unknown, headers: Record<string, string> = carol.auth) =>
      t.app.inject({ method: "POST", url, payload: payload as object, headers });
    const { secret } = (await post("/v1/user/me/2fa/enrolment", {})).json();
    expect((await post("/v1/user/me/2fa/confirm", { code: totpCode(secret, Date.now()) })).statusCode).toBe(
      200,
    );
    const signin = { username: carol.email, password: carol.password };
    expect((await post("/v1/auth/signin", signin, {})).json().error).toBe("two_factor_required");
    expect((await admin.ok("GET", `/admin/v1/users/${carol.id}`)).two_factor).toBe(true);

    const reset = await admin.ok("POST", `/admin/v1/users/${carol.id}:reset_two_factor`, {});
    expect(reset.two_factor).toBe(false);
    const signedIn = await post("/v1/auth/signin", signin, {});
    expect(signedIn.statusCode, signedIn.body).toBe(200);
    const codes = await t.database.db
      .selectFrom("recovery_codes")
      .select("id")
      .where("user_id", "=", carol.id)
      .execute();
    expect(codes).toEqual([]);
    const notice = (await outbox(t.app)).filter((m) => m.to.includes(carol.email)).at(-1);
    expect(notice?.subject).toBe("Two-step verification was turned off for your Nimbus account");
    expect(notice?.raw).toContain("sign in with your password alone");
    expect(await lastAction("user.reset_two_factor")).toMatchObject({ target: carol.id });

    const again = await call(adminUser, "POST", `/admin/v1/users/${carol.id}:reset_two_factor`, {});
    expect(again.status).toBe(400);
    expect(again.body.error).toBe("failed_precondition");
  });

  it("deletes an account the way its own deletion does, after the email is typed again", async () => {
    const dave = await signUp(t.app);
    const file = await driveClient(t, dave).upload("notes.bin", randomBytes(32));
    const { share_id } = await shareClient(t, dave).create({ file_ids: [file.id] });
    await admin.ok("POST", `/admin/v1/users/${dave.id}:grant_premium`, { days: 5 });

    const wrong = await call(adminUser, "POST", `/admin/v1/users/${dave.id}:delete`, { confirm: "someone" });
    expect(wrong.status).toBe(400);
    expect(wrong.body.error).toBe("invalid_argument");
    expect((await call(adminUser, "POST", `/admin/v1/users/${dave.id}:delete`, {})).status).toBe(400);
    expect((await admin.ok("GET", `/admin/v1/users/${dave.id}`)).file_count).toBe("1");

    const transparency = async () =>
      (await call(undefined, "GET", "/drive/v1/statistics/pub/transparency")).body.accounts_actioned;
    const actionedBefore = await transparency();
    const deleted = await admin.ok("POST", `/admin/v1/users/${dave.id}:delete`, {
      confirm: ` ${dave.email.toUpperCase()} `,
    });
    expect(await transparency()).toBe(actionedBefore + 1);
    expect(deleted).toEqual({ id: dave.id, deleted: true });
    expect((await call(adminUser, "GET", `/admin/v1/users/${dave.id}`)).body.error).toBe("user_not_exist");
    expect((await call(dave, "GET", "/v1/user/me")).status).toBe(401);
    const signin = await call(undefined, "POST", "/v1/auth/signin", {
      username: dave.email,
      password: dave.password,
    });
    expect(signin.status).toBe(401);
    expect(signin.body.error).toBe("invalid_account_or_password");
    const db = t.database.db;
    for (const table of ["files", "shares", "sessions", "entitlement_grants", "space_holds"] as const) {
      const rows = await db.selectFrom(table).select("user_id").where("user_id", "=", dave.id).execute();
      expect(rows, table).toEqual([]);
    }
    expect(
      (await shareClient(t).call("GET", `/drive/v1/share?share_id=${share_id}`)).body.share_status,
    ).not.toBe("OK");
    expect(await lastAction("user.delete")).toMatchObject({
      target: dave.id,
      detail: { email: dave.email, deleted: true },
    });
  });

  it("never deletes oneself or another admin", async () => {
    const self = await call(adminUser, "POST", `/admin/v1/users/${adminUser.id}:delete`, {
      confirm: ADMIN_EMAIL,
    });
    expect(self.status).toBe(403);
    expect(self.body.error).toBe("permission_denied");

    const erin = await signUp(t.app);
    await new Admins(t.database.db, []).setRole(erin.email, "admin");
    expect((await admin.ok("GET", `/admin/v1/users/${erin.id}`)).is_admin).toBe(true);
    const other = await call(adminUser, "POST", `/admin/v1/users/${erin.id}:delete`, { confirm: erin.email });
    expect(other.status).toBe(403);
    expect(other.body.error).toBe("permission_denied");
    expect((await admin.ok("GET", `/admin/v1/users/${erin.id}`)).status).toBe("ACTIVE");
    expect((await admin.ok("GET", `/admin/v1/users/${adminUser.id}`)).is_admin).toBe(true);
  });

  it("answers 403 to a signed-in user on each of these actions", async () => {
    const user = await signUp(t.app);
    const target = await signUp(t.app);
    for (const [action, body] of [
      ["grant_premium", { days: 3 }],
      ["revoke_premium", {}],
      ["reset_two_factor", {}],
      ["delete", { confirm: target.email }],
    ] as const) {
      const answer = await call(user, "POST", `/admin/v1/users/${target.id}:${action}`, body);
      expect(answer.status, action).toBe(403);
      expect(answer.body.error).toBe("permission_denied");
    }
    expect((await admin.ok("GET", `/admin/v1/users/${target.id}`)).premium).toBe(false);
  });
});
