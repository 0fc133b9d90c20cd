import { randomBytes } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { PURGE_DELETED_ACCOUNTS_JOB } from "../src/modules/accounts/account-jobs.js";
import { verifiedToken } from "./support/mail.js";
import { uploadFile } from "./support/media-files.js";
import { createTestApp, type TestApp } from "./support/test-app.js";
import { signIn, signUp } from "./support/users.js";

const DAY = 24 * 3_600_000;

describe("account deletion with a 7-day cancellation period", () => {
  let t: TestApp;
  let offset = 0;
  beforeAll(async () => {
    t = await createTestApp({ env: { CAPTCHA_MODE: "off" }, clock: { now: () => Date.now() + offset } });
  });
  afterAll(() => t.close());

  const post = (url: string, payload: unknown, headers: Record<string, string> = {}) =>
    t.app.inject({ method: "POST", url, payload: payload as object, headers });

  it("needs the right password (invalid_password) or a DELETE_ACCOUNT code", async () => {
    const user = await signUp(t.app);
    const wrong = await post("/v1/user/me/deletion", { password: "not mine" }, user.auth);
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json()).toMatchObject({ error: "invalid_password", error_code: 4010 });
    const bogus = await post("/v1/user/me/deletion", { verification_token: "vt.nope" }, user.auth);
    expect(bogus.json().error).toBe("invalid_verification_code");

    // A DELETE_ACCOUNT code goes to the caller's own address, whatever else is named.
    const elsewhere = await post(
      "/v1/auth/verification",
      { email: "someone-else@example.com", target: "ANY", usage: "DELETE_ACCOUNT" },
      user.auth,
    );
    expect(elsewhere.json().error).toBe("invalid_argument");
    const token = await verifiedToken(t.app, user.email, "DELETE_ACCOUNT", user.auth);
    const requested = await post("/v1/user/me/deletion", { verification_token: token }, user.auth);
    expect(requested.statusCode).toBe(200);
  });

  it("ends every session, answers under_review at sign-in, and cancels with cancel_deletion", async () => {
    const user = await signUp(t.app);
    const requested = await post("/v1/user/me/deletion", { password: user.password }, user.auth);
    expect(requested.statusCode).toBe(200);
    const due = Date.parse(requested.json().delete_at);
    expect(due - Date.now()).toBeGreaterThan(7 * DAY - 60_000);
    expect((await t.app.inject({ url: "/v1/user/me", headers: user.auth })).statusCode).toBe(401);

    const signin = await post("/v1/auth/signin", { username: user.email, password: user.password });
    expect(signin.statusCode).toBe(403);
    expect(signin.json()).toMatchObject({
      error: "under_review",
      error_code: 4018,
      error_description: "The account is in the period of cancellation audit and cannot be used",
    });
    expect(signin.json().details[0].metadata.delete_at).toBe(requested.json().delete_at);
    // A wrong password learns nothing about the pending deletion.
    expect((await post("/v1/auth/signin", { username: user.email, password: "nope" })).json().error).toBe(
      "invalid_account_or_password",
    );

    const cancelled = await post("/v1/auth/signin", {
      username: user.email,
      password: user.password,
      cancel_deletion: true,
    });
    expect(cancelled.statusCode).toBe(200);
    const row = await t.database.db
      .selectFrom("users")
      .selectAll()
      .where("id", "=", user.id)
      .executeTakeFirst();
    expect(row?.deletion_due_at).toBeNull();
    expect((await signIn(t.app, user)).id).toBe(user.id);
  });

  it("deletes the account after the period, releasing its files' blob references", async () => {
    const leaving = await signUp(t.app);
    const staying = await signUp(t.app);
    const shared = randomBytes(4096);
    const own = randomBytes(4096);
    const a = await uploadFile(t.app, leaving, "shared.bin", shared);
    await uploadFile(t.app, staying, "shared.bin", shared);
    const b = await uploadFile(t.app, leaving, "own.bin", own);
    await post("/v1/user/me/deletion", { password: leaving.password }, leaving.auth);

    offset += 6 * DAY;
    await t.jobs.enqueue(PURGE_DELETED_ACCOUNTS_JOB, {});
    await t.jobs.drain();
    expect(
      await t.database.db.selectFrom("users").select("id").where("id", "=", leaving.id).executeTakeFirst(),
    ).toBeDefined();

    offset += 2 * DAY;
    await t.jobs.enqueue(PURGE_DELETED_ACCOUNTS_JOB, {});
    await t.jobs.drain();
    const db = t.database.db;
    expect(
      await db.selectFrom("users").select("id").where("id", "=", leaving.id).executeTakeFirst(),
    ).toBeUndefined();
    expect(await db.selectFrom("files").select("id").where("user_id", "=", leaving.id).execute()).toEqual([]);
    expect(await db.selectFrom("sessions").select("id").where("user_id", "=", leaving.id).execute()).toEqual(
      [],
    );
    const blobs = await db
      .selectFrom("blobs")
      .select(["gcid", "ref_count", "unreferenced_at"])
      .where("gcid", "in", [a.hash, b.hash])
      .execute();
    const byGcid = new Map(blobs.map((blob) => [blob.gcid, blob]));
    expect(byGcid.get(a.hash)).toMatchObject({ ref_count: 1, unreferenced_at: null });
    expect(byGcid.get(b.hash)?.ref_count).toBe(0);
    expect(byGcid.get(b.hash)?.unreferenced_at).not.toBeNull();
    // The one who stayed is untouched.
    expect(
      (await t.app.inject({ url: "/drive/v1/about", headers: (await signIn(t.app, staying)).auth })).json(),
    ).toMatchObject({ quota: { usage: "4096" } });
  });
});
