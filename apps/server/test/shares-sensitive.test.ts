import { randomBytes } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type DriveClient, driveClient } from "./support/drive.js";
import { type ShareClient, shareClient, waitForTask } from "./support/shares.js";
import { createTestApp, type TestApp } from "./support/test-app.js";
import { signUp, type TestUser } from "./support/users.js";

const ADMIN_EMAIL = "moderator@example.com";

/** `displaySensitiveShare` lets a signed-in viewer past SENSITIVE_RESOURCE and SENSITIVE_WORD only. */
describe("sensitive shares and displaySensitiveShare", () => {
  let t: TestApp;
  let alice: TestUser;
  let drive: DriveClient;
  let owner: ShareClient;
  let admin: ShareClient;
  let shown: TestUser;
  let hidden: TestUser;
  const anonymous = () => shareClient(t);

  const setDisplay = async (user: TestUser, on: boolean) => {
    const answer = await t.app.inject({
      method: "PATCH",
      url: "/v1/user/settings",
      headers: user.auth,
      payload: { displaySensitiveShare: on },
    });
    expect(answer.statusCode).toBe(200);
  };

  /** A folder with one file, shared, then flagged SENSITIVE_RESOURCE by an admin. */
  const sensitiveResourceShare = async (options: Record<string, string> = {}) => {
    const folder = await drive.folder(`Flagged ${randomBytes(3).toString("hex")}`);
    const bytes = randomBytes(64);
    const file = await drive.upload("inside.bin", bytes, folder.id);
    const created = await owner.create({ file_ids: [folder.id], ...options });
    await admin.ok("POST", "/audit/v1/share", { gcids: [file.hash], verdict: "SENSITIVE_RESOURCE" });
    return { ...created, folder, file, bytes };
  };

  beforeAll(async () => {
    t = await createTestApp({ env: { SHARE_SENSITIVE_WORDS: "spicy", ADMIN_EMAILS: ADMIN_EMAIL } });
    alice = await signUp(t.app);
    drive = driveClient(t, alice);
    owner = shareClient(t, alice);
    admin = shareClient(t, await signUp(t.app, { email: ADMIN_EMAIL }));
    shown = await signUp(t.app);
    await setDisplay(shown, true);
    hidden = await signUp(t.app);
  });
  afterAll(() => t.close());

  it("SENSITIVE_RESOURCE: with the setting on, the share opens, lists, downloads and saves, flagged", async () => {
    const { share_id, folder, file, bytes } = await sensitiveResourceShare();
    const viewer = shareClient(t, shown);
    const top = await viewer.open({ share_id });
    expect(top).toMatchObject({ share_status: "OK", sensitive_status: "SENSITIVE_RESOURCE" });
    expect(top.title).not.toBe("");
    expect(top.files.map((f) => f.id)).toEqual([folder.id]);
    const inside = await viewer.open({ share_id, parent_id: folder.id });
    expect(inside.sensitive_status).toBe("SENSITIVE_RESOURCE");
    expect(inside.files.map((f) => f.id)).toEqual([file.id]);

    const info = await viewer.ok("GET", `/drive/v1/share/file_info?share_id=${share_id}&file_id=${file.id}`);
    expect(info).toMatchObject({ share_status: "OK", sensitive_status: "SENSITIVE_RESOURCE" });
    const url = new URL(info.file_info.web_content_link);
    const download = await t.app.inject({ url: url.pathname + url.search });
    expect(download.statusCode).toBe(200);
    expect(download.rawPayload.equals(bytes)).toBe(true);
    const batch = await viewer.ok("POST", "/drive/v1/share:batch_file_info", {
      share_id,
      file_ids: [file.id],
    });
    expect(batch.sensitive_status).toBe("SENSITIVE_RESOURCE");
    expect(batch.file_infos).toHaveLength(1);

    const save = await viewer.restore({ share_id });
    expect(save.status).toBe(200);
    const task = await waitForTask(t, shown, save.body.restore_task_id);
    expect(task.phase).toBe("PHASE_TYPE_COMPLETE");

    // The link dies with the setting: turned off, it no longer serves.
    await setDisplay(shown, false);
    expect((await t.app.inject({ url: url.pathname + url.search })).statusCode).not.toBe(200);
    await setDisplay(shown, true);
  });

  it("SENSITIVE_WORD: with the setting on, the share opens and saves, flagged", async () => {
    const file = await drive.upload("a spicy recipe.txt", randomBytes(8));
    const { share_id } = await owner.create({ file_ids: [file.id] });
    const viewer = shareClient(t, shown);
    const opened = await viewer.open({ share_id });
    expect(opened).toMatchObject({ share_status: "OK", sensitive_status: "SENSITIVE_WORD" });
    expect(opened.files.map((f) => f.id)).toEqual([file.id]);
    const info = await viewer.ok("GET", `/drive/v1/share/file_info?share_id=${share_id}&file_id=${file.id}`);
    expect(info.file_info.id).toBe(file.id);
    expect((await viewer.restore({ share_id })).status).toBe(200);
  });

  it("setting off or anonymous: refused as before, nothing of the content", async () => {
    const { share_id, file } = await sensitiveResourceShare();
    const word = await owner.create({ file_ids: [(await drive.upload("spicy.txt", randomBytes(4))).id] });
    for (const viewer of [anonymous(), shareClient(t, hidden)]) {
      const opened = await viewer.open({ share_id });
      expect(opened).toMatchObject({ share_status: "SENSITIVE_RESOURCE", title: "", files: [] });
      expect(opened.sensitive_status).toBeUndefined();
      expect((await viewer.open({ share_id: word.share_id })).share_status).toBe("SENSITIVE_WORD");
      const info = await viewer.ok(
        "GET",
        `/drive/v1/share/file_info?share_id=${share_id}&file_id=${file.id}`,
      );
      expect(info).toMatchObject({ share_status: "SENSITIVE_RESOURCE", file_info: null });
    }
    const save = await shareClient(t, hidden).restore({ share_id });
    expect(save.body.error).toBe("share_unavailable");
  });

  it("an owner with the setting on still sees the status others meet in their list", async () => {
    const { share_id } = await sensitiveResourceShare();
    await setDisplay(alice, true);
    expect((await owner.open({ share_id })).sensitive_status).toBe("SENSITIVE_RESOURCE");
    const list = await owner.ok("GET", "/drive/v1/share/list");
    const listed = list.data.find((s: { share_id: string }) => s.share_id === share_id);
    expect(listed.share_status).toBe("SENSITIVE_RESOURCE");
    await setDisplay(alice, false);
  });

  it("PROHIBITED stays refused with the setting on", async () => {
    const file = await drive.upload("banned.bin", randomBytes(50));
    const { share_id } = await owner.create({ file_ids: [file.id], title: "spicy too" });
    await admin.ok("POST", "/audit/v1/share", { gcids: [file.hash] });
    const viewer = shareClient(t, shown);
    const opened = await viewer.open({ share_id });
    expect(opened).toMatchObject({ share_status: "PROHIBITED", files: [] });
    expect(opened.sensitive_status).toBeUndefined();
    expect((await viewer.restore({ share_id })).body.error).toBe("share_unavailable");
  });

  it("the passcode still applies after the sensitive check", async () => {
    const { share_id, pass_code } = await sensitiveResourceShare({ pass_code_option: "REQUIRED" });
    const viewer = shareClient(t, shown);
    const empty = await viewer.open({ share_id });
    expect(empty).toMatchObject({ share_status: "PASS_CODE_EMPTY", files: [] });
    expect((await viewer.open({ share_id, pass_code: `${pass_code}x` })).share_status).toBe(
      "PASS_CODE_ERROR",
    );
    const right = await viewer.open({ share_id, pass_code });
    expect(right).toMatchObject({ share_status: "OK", sensitive_status: "SENSITIVE_RESOURCE" });
    expect(right.files).toHaveLength(1);
    // Without the setting, the right passcode does not get past the sensitive result.
    expect((await shareClient(t, hidden).open({ share_id, pass_code })).share_status).toBe(
      "SENSITIVE_RESOURCE",
    );
  });
});
