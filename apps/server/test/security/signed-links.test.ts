import { randomBytes } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { driveClient } from "../support/drive.js";
import { pathOf } from "../support/media-files.js";
import { shareClient } from "../support/shares.js";
import { createTestApp, type TestApp } from "../support/test-app.js";
import { signIn, signUp, type TestUser } from "../support/users.js";

let t: TestApp;

beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

async function ownFileLink(user: TestUser): Promise<string> {
  return pathOf((await driveClient(t, user).upload("own.bin", randomBytes(64))).web_content_link);
}

async function expectRevoked(link: string) {
  const response = await t.app.inject({ url: link });
  expect(response.statusCode).toBe(403);
  expect(response.json()).toMatchObject({ error: "link_expired" });
}

describe("signed links die with what granted them", () => {
  it("stops serving a share's links once the share is cancelled", async () => {
    const alice = await signUp(t.app);
    const bob = await signUp(t.app);
    const file = await driveClient(t, alice).upload("shared.bin", randomBytes(64));
    const { share_id } = await shareClient(t, alice).create({ file_ids: [file.id] });
    const query = `/drive/v1/share/file_info?share_id=${share_id}&file_id=${file.id}`;
    const anonymous = pathOf((await shareClient(t).ok("GET", query)).file_info.web_content_link);
    const signedIn = pathOf((await shareClient(t, bob).ok("GET", query)).file_info.web_content_link);
    expect((await t.app.inject({ url: anonymous })).statusCode).toBe(200);
    expect((await t.app.inject({ url: signedIn })).statusCode).toBe(200);
    await shareClient(t, alice).ok("POST", "/drive/v1/share:batchDelete", { ids: [share_id] });
    await expectRevoked(anonymous);
    await expectRevoked(signedIn);
  });

  it("stops serving a user's links after signing out everywhere", async () => {
    const alice = await signUp(t.app);
    const link = await ownFileLink(alice);
    expect((await t.app.inject({ url: link })).statusCode).toBe(200);
    const out = await t.app.inject({ method: "POST", url: "/v1/auth/signout?all=true", headers: alice.auth });
    expect(out.statusCode).toBe(200);
    await expectRevoked(link);
    // Links made after signing in again work.
    expect((await t.app.inject({ url: await ownFileLink(await signIn(t.app, alice)) })).statusCode).toBe(200);
  });

  it("stops serving a user's links after a password change", async () => {
    const alice = await signUp(t.app);
    const link = await ownFileLink(alice);
    const changed = await t.app.inject({
      method: "POST",
      url: "/v1/user/me/password",
      headers: alice.auth,
      payload: { old_password: alice.password, new_password: "another horse battery" },
    });
    expect(changed.statusCode, changed.body).toBe(200);
    await expectRevoked(link);
  });
});
