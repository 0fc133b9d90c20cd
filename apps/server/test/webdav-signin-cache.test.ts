import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { VERIFIED_TTL_MS } from "../src/modules/accounts/app-password-signin.js";
import { manualClock, newUser } from "./support/grants.js";
import { createTestApp, type TestApp } from "./support/test-app.js";
import type { TestUser } from "./support/users.js";

/** Decision 0069: a verified app password is taken from memory for a few seconds, never past a revocation here. */
describe("WebDAV sign-in: verified credentials kept briefly", () => {
  const clock = manualClock(Date.UTC(2026, 6, 1));
  let a: TestApp;
  let b: TestApp;
  beforeAll(async () => {
    a = await createTestApp({ clock });
    b = await a.peer({ clock });
  });
  afterAll(async () => {
    await b.close();
    await a.close();
  });

  const create = async (user: TestUser, name: string) =>
    (
      await a.app.inject({
        method: "POST",
        url: "/v1/user/me/app_passwords",
        headers: user.auth,
        payload: { name },
      })
    ).json() as { id: string; password: string };
  const propfind = (t: TestApp, user: TestUser, password: string) =>
    t.app.inject({
      method: "PROPFIND",
      url: "/dav/",
      headers: {
        depth: "0",
        authorization: `Basic ${Buffer.from(`${user.email}:${password}`).toString("base64")}`,
      },
    });

  it("forgets a verified password at once when the account's password changes on this node", async () => {
    const user = await newUser(a);
    const { password } = await create(user, "Infuse");
    expect((await propfind(a, user, password)).statusCode).toBe(207);
    const changed = await a.app.inject({
      method: "POST",
      url: "/v1/user/me/password",
      headers: user.auth,
      payload: { old_password: user.password, new_password: "a brand new passphrase" },
    });
    expect(changed.statusCode).toBe(200);
    expect((await propfind(a, user, password)).statusCode).toBe(401);
  });

  it("ends a password revoked on another node within the TTL, on this one at once", async () => {
    const user = await newUser(a);
    const { id, password } = await create(user, "Kodi");
    expect((await propfind(a, user, password)).statusCode).toBe(207);
    expect((await propfind(b, user, password)).statusCode).toBe(207);
    const revoked = await a.app.inject({
      method: "DELETE",
      url: `/v1/user/me/app_passwords/${id}`,
      headers: user.auth,
    });
    expect(revoked.statusCode).toBe(200);
    expect((await propfind(a, user, password)).statusCode).toBe(401);
    clock.advance(VERIFIED_TTL_MS);
    expect((await propfind(b, user, password)).statusCode).toBe(401);
  });

  it("answers a wrong password 401 even beside a verified one", async () => {
    const user = await newUser(a);
    const { password } = await create(user, "VLC");
    expect((await propfind(a, user, password)).statusCode).toBe(207);
    expect((await propfind(a, user, `${password}x`)).statusCode).toBe(401);
  });
});
