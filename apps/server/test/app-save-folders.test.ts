import type { DriveFile, TokenResponse } from "@nimbus/protocol";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { driveClient } from "./support/drive.js";
import { shareClient, waitForTask } from "./support/shares.js";
import { createTestApp, type TestApp } from "./support/test-app.js";
import { signUp, type TestUser } from "./support/users.js";

// Decision 0045: another app's save naming no folder lands in the app's or the platform's
// folder, as the saver's settings say; the web's saves and a named folder are left alone.
const ANDROID = "Mozilla/5.0 (Linux; Android 14; Pixel 8) NimbusMobile/3.1";

let t: TestApp;
let alice: TestUser;
let shareId: string;

beforeAll(async () => {
  t = await createTestApp();
  alice = await signUp(t.app);
  const folder = await driveClient(t, alice).folder("Trip photos");
  shareId = (await shareClient(t, alice).create({ file_ids: [folder.id] })).share_id;
});
afterAll(() => t.close());

/** The user signed in again from the mobile app, on an Android phone. */
async function onMobile(user: TestUser): Promise<TestUser> {
  const response = await t.app.inject({
    method: "POST",
    url: "/v1/auth/signin",
    headers: { "user-agent": ANDROID },
    payload: { username: user.email, password: user.password, client_id: "nimbus-mobile" },
  });
  expect(response.statusCode, response.body).toBe(200);
  const token = response.json<TokenResponse>().access_token ?? "";
  return { ...user, token, auth: { authorization: `Bearer ${token}`, "user-agent": ANDROID } as never };
}

async function save(user: TestUser, parentId = "") {
  const saved = await shareClient(t, user).restore({ share_id: shareId, parent_id: parentId });
  expect(saved.status, JSON.stringify(saved.body)).toBe(200);
  await waitForTask(t, user, saved.body.restore_task_id);
}

async function topLevel(user: TestUser): Promise<DriveFile[]> {
  return (await driveClient(t, user).list({ parent_id: "" })).files as DriveFile[];
}

async function settings(user: TestUser, payload: Record<string, boolean>) {
  const response = await t.app.inject({
    method: "PATCH",
    url: "/v1/user/settings",
    headers: user.auth,
    payload,
  });
  expect(response.statusCode, response.body).toBe(200);
}

describe("app save folders", () => {
  it("with the settings off, an app's save lands at the top level", async () => {
    const bob = await onMobile(await signUp(t.app));
    await save(bob);
    expect((await topLevel(bob)).map((f) => f.name)).toEqual(["Trip photos"]);
  });

  it("separate folders: the app's folder, made once and used again", async () => {
    const carol = await signUp(t.app);
    await settings(carol, {
      SAVE_OTHER_APP_FILES_IN_SEPARATE_FOLDERS: true,
      defaultFolderBasedOnPlatform: true,
    });
    const mobile = await onMobile(carol);
    await save(mobile);
    await save(mobile);
    const top = await topLevel(carol);
    expect(top.map((f) => f.name)).toEqual(["Nimbus for mobile"]);
    const inside = (await driveClient(t, carol).list({ parent_id: top[0]?.id ?? "" })).files as DriveFile[];
    expect(inside.map((f) => f.name).sort()).toEqual(["Trip photos", "Trip photos (1)"]);
  });

  it("platform folder: named after the device's system", async () => {
    const dave = await signUp(t.app);
    await settings(dave, { defaultFolderBasedOnPlatform: true });
    await save(await onMobile(dave));
    expect((await topLevel(dave)).map((f) => f.name)).toEqual(["Android"]);
  });

  it("the web's saves and a named folder are left alone", async () => {
    const erin = await signUp(t.app);
    await settings(erin, { SAVE_OTHER_APP_FILES_IN_SEPARATE_FOLDERS: true });
    await save(erin);
    const target = await driveClient(t, erin).folder("Mine");
    await save(await onMobile(erin), target.id);
    expect((await topLevel(erin)).map((f) => f.name).sort()).toEqual(["Mine", "Trip photos"]);
  });

  it("a share that is gone makes no folder", async () => {
    const frank = await signUp(t.app);
    await settings(frank, { SAVE_OTHER_APP_FILES_IN_SEPARATE_FOLDERS: true });
    const refused = await shareClient(t, await onMobile(frank)).restore({ share_id: "no-such-share" });
    expect(refused.status).toBe(403);
    expect(refused.body).toMatchObject({ error: "share_unavailable" });
    expect(await topLevel(frank)).toEqual([]);
  });
});
