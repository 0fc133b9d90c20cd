import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { newUser } from "./support/grants.js";
import { createTestApp, type TestApp } from "./support/test-app.js";
import { signUp, type TestUser } from "./support/users.js";

const ADMIN_EMAIL = "app-passwords-admin@example.com";

function basic(name: string, password: string): { authorization: string } {
  return { authorization: `Basic ${Buffer.from(`${name}:${password}`).toString("base64")}` };
}

describe("app passwords", () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ env: { SIGNIN_FREEZE_AFTER: "4", ADMIN_EMAILS: ADMIN_EMAIL } });
  });
  afterAll(() => t.close());

  const create = (user: TestUser, name: string) =>
    t.app.inject({ method: "POST", url: "/v1/user/me/app_passwords", headers: user.auth, payload: { name } });
  const list = async (user: TestUser) =>
    (await t.app.inject({ url: "/v1/user/me/app_passwords", headers: user.auth })).json().app_passwords;
  const propfind = (headers: Record<string, string>, ip = "127.0.0.1") =>
    t.app.inject({
      method: "PROPFIND",
      url: "/dav/",
      headers: { depth: "0", ...headers },
      remoteAddress: ip,
    });

  it("answers the password once and lists it without it", async () => {
    const user = await newUser(t);
    const created = await create(user, "Living-room TV");
    expect(created.statusCode).toBe(200);
    const body = created.json();
    expect(body).toMatchObject({ id: expect.any(String), name: "Living-room TV" });
    expect(body.password).toMatch(/^[a-z2-9]{5}(-[a-z2-9]{5}){3}$/);
    expect(new Date(body.created_time).toISOString()).toBe(body.created_time);
    const listed = await list(user);
    expect(listed).toEqual([
      {
        id: body.id,
        name: "Living-room TV",
        created_time: body.created_time,
        last_used_time: "",
        last_ip: "",
      },
    ]);
    expect(JSON.stringify(listed)).not.toContain(body.password);
    const stored = await t.database.db.selectFrom("app_passwords").selectAll().execute();
    expect(JSON.stringify(stored)).not.toContain(body.password);
  });

  it("refuses a blank name and a caller who is not signed in", async () => {
    const user = await newUser(t);
    expect((await create(user, "   ")).json()).toMatchObject({ error: "invalid_argument" });
    const anonymous = await t.app.inject({
      method: "POST",
      url: "/v1/user/me/app_passwords",
      payload: { name: "x" },
    });
    expect(anonymous.statusCode).toBe(401);
  });

  it("signs WebDAV in with email or username, records the use, and 401s a wrong password", async () => {
    const user = await newUser(t);
    const { password } = (await create(user, "rclone")).json();
    const ok = await propfind(basic(user.email, password), "127.0.0.5");
    expect(ok.statusCode).toBe(207);
    const [used] = await list(user);
    expect(used.last_ip).toBe("127.0.0.5");
    expect(used.last_used_time).not.toBe("");
    // Typed on a TV: case and dashes do not matter.
    expect(
      (await propfind(basic(user.email.toUpperCase(), password.toUpperCase().replace(/-/g, "")))).statusCode,
    ).toBe(207);

    const wrong = await propfind(basic(user.email, "aaaaa-bbbbb-ccccc-ddddd"));
    expect(wrong.statusCode).toBe(401);
    expect(wrong.headers["www-authenticate"]).toMatch(/^Basic realm=/);
    expect((await propfind({})).statusCode).toBe(401);
    // The account's own password is not an app password.
    expect((await propfind(basic(user.email, user.password))).statusCode).toBe(401);
    // Nor a bearer token.
    expect((await propfind(user.auth)).statusCode).toBe(401);
  });

  it("does not let an app password reach the API", async () => {
    const user = await newUser(t);
    const { password } = (await create(user, "Finder")).json();
    const me = await t.app.inject({ url: "/v1/user/me", headers: basic(user.email, password) });
    expect(me.statusCode).toBe(401);
    const token = await t.app.inject({
      url: "/v1/user/me",
      headers: { authorization: `Bearer ${password}` },
    });
    expect(token.statusCode).toBe(401);
  });

  it("revokes one; its next WebDAV request answers 401; another user's id is not found", async () => {
    const user = await newUser(t);
    const other = await newUser(t);
    const kept = (await create(user, "VLC")).json();
    const revoked = (await create(user, "Kodi")).json();
    expect((await propfind(basic(user.email, revoked.password))).statusCode).toBe(207);
    const foreign = await t.app.inject({
      method: "DELETE",
      url: `/v1/user/me/app_passwords/${revoked.id}`,
      headers: other.auth,
    });
    expect(foreign.json()).toMatchObject({ error: "not_found" });
    const gone = await t.app.inject({
      method: "DELETE",
      url: `/v1/user/me/app_passwords/${revoked.id}`,
      headers: user.auth,
    });
    expect(gone.statusCode).toBe(200);
    expect((await propfind(basic(user.email, revoked.password))).statusCode).toBe(401);
    expect((await propfind(basic(user.email, kept.password))).statusCode).toBe(207);
    expect((await list(user)).map((entry: { name: string }) => entry.name)).toEqual(["VLC"]);
  });

  it("ends every app password when the account's password changes", async () => {
    const user = await newUser(t);
    const { password } = (await create(user, "Infuse")).json();
    const changed = await t.app.inject({
      method: "POST",
      url: "/v1/user/me/password",
      headers: user.auth,
      payload: { old_password: user.password, new_password: "a brand new passphrase" },
    });
    expect(changed.statusCode).toBe(200);
    expect(await list(user)).toEqual([]);
    expect((await propfind(basic(user.email, password))).statusCode).toBe(401);
  });

  it("ends every app password on sign out everywhere and when deletion is requested", async () => {
    const leaving = await newUser(t);
    const everywhere = await newUser(t);
    const first = (await create(everywhere, "Kodi")).json();
    const signout = await t.app.inject({
      method: "POST",
      url: "/v1/auth/signout?all=true",
      headers: everywhere.auth,
    });
    expect(signout.statusCode).toBe(200);
    expect((await propfind(basic(everywhere.email, first.password))).statusCode).toBe(401);

    const second = (await create(leaving, "VLC")).json();
    const deletion = await t.app.inject({
      method: "POST",
      url: "/v1/user/me/deletion",
      headers: leaving.auth,
      payload: { password: leaving.password },
    });
    expect(deletion.statusCode).toBe(200);
    expect((await propfind(basic(leaving.email, second.password))).statusCode).toBe(401);
    const rows = await t.database.db
      .selectFrom("app_passwords")
      .select("id")
      .where("user_id", "in", [leaving.id, everywhere.id])
      .execute();
    expect(rows).toEqual([]);
  });

  it("ends every app password when the account is frozen, and they stay ended after unfreezing", async () => {
    const admin = await signUp(t.app, { email: ADMIN_EMAIL });
    const user = await newUser(t);
    const { password } = (await create(user, "Explorer")).json();
    const freeze = await t.app.inject({
      method: "POST",
      url: `/admin/v1/users/${user.id}:freeze`,
      headers: admin.auth,
      payload: {},
    });
    expect(freeze.statusCode).toBe(200);
    expect((await propfind(basic(user.email, password))).statusCode).toBe(401);
    await t.app.inject({
      method: "POST",
      url: `/admin/v1/users/${user.id}:unfreeze`,
      headers: admin.auth,
      payload: {},
    });
    expect((await propfind(basic(user.email, password))).statusCode).toBe(401);
    expect(await list(user)).toEqual([]);
  });

  it("limits guessing like sign-in: the address is frozen for the account, other addresses are not", async () => {
    const user = await newUser(t);
    const { password } = (await create(user, "nPlayer")).json();
    const guesser = "127.0.0.9";
    const statuses: number[] = [];
    for (let i = 0; i < 6; i++)
      statuses.push((await propfind(basic(user.email, `guess-${i}`), guesser)).statusCode);
    expect(statuses.slice(0, 4)).toEqual([401, 401, 401, 403]);
    const frozen = await propfind(basic(user.email, password), guesser);
    expect(frozen.json()).toMatchObject({ error: "account_freeze" });
    // The owner's app on another address still gets in.
    expect((await propfind(basic(user.email, password), "127.0.0.10")).statusCode).toBe(207);
  });

  it("holds at most 50 per account", async () => {
    const user = await newUser(t);
    for (let i = 0; i < 50; i++) expect((await create(user, `app ${i}`)).statusCode).toBe(200);
    const refused = await create(user, "one too many");
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toMatchObject({ error: "resource_exhausted" });
  });

  it("refuses plain HTTP from another host before looking at the password", async () => {
    const user = await newUser(t);
    const { password } = (await create(user, "Laptop")).json();
    const remote = await propfind(basic(user.email, password), "203.0.113.7");
    expect(remote.statusCode).toBe(403);
    expect(remote.json()).toMatchObject({ error: "permission_denied" });
  });
});
