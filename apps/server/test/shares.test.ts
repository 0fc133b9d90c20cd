import { randomBytes } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type DriveClient, driveClient } from "./support/drive.js";
import { type ShareClient, shareClient } from "./support/shares.js";
import { createTestApp, type TestApp } from "./support/test-app.js";
import { signUp, type TestUser } from "./support/users.js";

const HOUR = 3_600_000;
let offset = 0;
let t: TestApp;
let alice: TestUser;
let drive: DriveClient;
let owner: ShareClient;
let visitor: ShareClient;

beforeAll(async () => {
  t = await createTestApp({ clock: { now: () => Date.now() + offset } });
  alice = await signUp(t.app);
  drive = driveClient(t, alice);
  owner = shareClient(t, alice);
  visitor = shareClient(t);
});
afterAll(() => t.close());

async function sharedFolder(name = "Holiday") {
  const folder = await drive.folder(name);
  const inner = await drive.folder("Day 1", folder.id);
  const photo = await drive.upload("beach.jpg", randomBytes(64), inner.id);
  const note = await drive.upload("note.txt", randomBytes(16), folder.id);
  return { folder, inner, photo, note };
}

describe("creating and listing shares", () => {
  it("creates a link with a generated passcode and lists it with its counts", async () => {
    const { folder } = await sharedFolder();
    const created = await owner.create({
      file_ids: [folder.id],
      pass_code_option: "REQUIRED",
      title: "Trip",
    });
    expect(created.share_url).toBe(`http://nimbus.test/s/${created.share_id}`);
    expect(created.pass_code).toMatch(/^[a-z0-9]{8}$/);
    expect(created.share_text).toContain(created.share_url);
    const opened = await visitor.open({ share_id: created.share_id, pass_code: created.pass_code });
    expect(opened.share_status).toBe("OK");
    const list = await owner.ok("GET", "/drive/v1/share/list");
    const mine = list.data.find((s: { share_id: string }) => s.share_id === created.share_id);
    expect(mine).toMatchObject({
      kind: "drive#share",
      title: "Trip",
      pass_code: created.pass_code,
      pass_code_option: "REQUIRED",
      share_status: "OK",
      file_num: "1",
      file_id: folder.id,
      view_count: "1",
      restore_count: "0",
      expiration_days: "-1",
      expiration_time: "",
    });
  });

  it("takes a chosen passcode, and refuses others' or trashed items", async () => {
    const file = await drive.upload("chosen.txt", randomBytes(4));
    const created = await owner.create({
      file_ids: [file.id],
      pass_code_option: "REQUIRED",
      pass_code: "Abcd12",
    });
    expect(created.pass_code).toBe("Abcd12");
    const bob = shareClient(t, await signUp(t.app));
    const foreign = await bob.call("POST", "/drive/v1/share", { file_ids: [file.id] });
    expect(foreign.status).toBe(404);
    expect(foreign.body.error).toBe("file_not_found");
    await drive.batch("batchTrash", [file.id]);
    const trashed = await owner.call("POST", "/drive/v1/share", { file_ids: [file.id] });
    expect(trashed.body.error).toBe("file_in_trash");
    const bad = await owner.call("POST", "/drive/v1/share", { file_ids: [] });
    expect(bad.status).toBe(400);
  });
});

describe("every share-link check result from its real condition", () => {
  it("OK: a public share opens for anyone, with the sharer and its files (no links)", async () => {
    const { folder, note } = await sharedFolder("Public");
    const { share_id } = await owner.create({ file_ids: [folder.id, note.id], title: "Open" });
    const opened = await visitor.open({ share_id });
    expect(opened).toMatchObject({ share_status: "OK", share_status_text: "", title: "Open", file_num: "2" });
    expect(opened.user_info).toMatchObject({ user_id: alice.id });
    expect(opened.files.map((f) => f.name)).toEqual(["Public", "note.txt"]);
    expect(opened.files.every((f) => f.parent_id === "" && f.web_content_link === "")).toBe(true);
  });

  it("NOT_FOUND: an id that was never a share", async () => {
    const opened = await visitor.open({ share_id: "VNdoesnotexist000000" });
    expect(opened).toMatchObject({ share_status: "NOT_FOUND", files: [], user_info: null });
  });

  it("PASS_CODE_EMPTY and PASS_CODE_ERROR: a passcode share without or with a wrong code", async () => {
    const { folder } = await sharedFolder("Locked");
    const { share_id, pass_code } = await owner.create({
      file_ids: [folder.id],
      pass_code_option: "REQUIRED",
    });
    const empty = await visitor.open({ share_id });
    expect(empty).toMatchObject({ share_status: "PASS_CODE_EMPTY", files: [], pass_code_token: "" });
    expect(empty.user_info?.user_id).toBe(alice.id);
    const wrong = await visitor.open({ share_id, pass_code: `${pass_code}x` });
    expect(wrong).toMatchObject({ share_status: "PASS_CODE_ERROR", files: [] });
    const right = await visitor.open({ share_id, pass_code });
    expect(right.share_status).toBe("OK");
    expect(right.pass_code_token).not.toBe("");
    expect((await visitor.open({ share_id, pass_code_token: right.pass_code_token })).share_status).toBe(
      "OK",
    );
    // The owner needs no passcode.
    expect((await owner.open({ share_id })).share_status).toBe("OK");
  });

  it("EXPIRED: past expiration_days by the clock", async () => {
    const file = await drive.upload("soon.txt", randomBytes(4));
    const { share_id } = await owner.create({ file_ids: [file.id], expiration_days: 1 });
    expect((await visitor.open({ share_id })).share_status).toBe("OK");
    offset += 25 * HOUR;
    try {
      expect((await visitor.open({ share_id })).share_status).toBe("EXPIRED");
    } finally {
      offset -= 25 * HOUR;
    }
  });

  it("DELETED: cancelled by the owner, or every shared item deleted", async () => {
    const file = await drive.upload("gone.txt", randomBytes(4));
    const first = await owner.create({ file_ids: [file.id] });
    const second = await owner.create({ file_ids: [file.id] });
    await owner.ok("POST", "/drive/v1/share:batchDelete", { ids: [first.share_id] });
    expect((await visitor.open({ share_id: first.share_id })).share_status).toBe("DELETED");
    expect((await visitor.open({ share_id: second.share_id })).share_status).toBe("OK");
    const list = await owner.ok("GET", "/drive/v1/share/list");
    expect(list.data.some((s: { share_id: string }) => s.share_id === first.share_id)).toBe(false);
    // The owner deletes the shared file: the other share shows DELETED too.
    await drive.batch("batchDelete", [file.id]);
    expect((await visitor.open({ share_id: second.share_id })).share_status).toBe("DELETED");
  });

  it("a shared item later trashed drops out; the rest stays visible", async () => {
    const a = await drive.upload("a-kept.txt", randomBytes(4));
    const b = await drive.upload("b-trashed.txt", randomBytes(4));
    const { share_id } = await owner.create({ file_ids: [a.id, b.id] });
    await drive.batch("batchTrash", [b.id]);
    const opened = await visitor.open({ share_id });
    expect(opened.share_status).toBe("OK");
    expect(opened.files.map((f) => f.id)).toEqual([a.id]);
  });

  it("MAX_RESTORE_COUNT: the restore limit used up by real saves", async () => {
    const file = await drive.upload("limited.txt", randomBytes(8));
    const { share_id } = await owner.create({ file_ids: [file.id], restore_limit: 1 });
    const bob = await signUp(t.app);
    const saved = await shareClient(t, bob).restore({ share_id });
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    expect((await visitor.open({ share_id })).share_status).toBe("MAX_RESTORE_COUNT");
    const again = await shareClient(t, await signUp(t.app)).restore({ share_id });
    expect(again.status).toBe(403);
    expect(again.body.error).toBe("share_unavailable");
    expect(again.body.details).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ metadata: expect.objectContaining({ share_status: "MAX_RESTORE_COUNT" }) }),
      ]),
    );
  });
});

describe("passcode tokens", () => {
  it("are accepted only for their own share", async () => {
    const file = await drive.upload("scoped.txt", randomBytes(4));
    const one = await owner.create({ file_ids: [file.id], pass_code_option: "REQUIRED", pass_code: "same1" });
    const two = await owner.create({ file_ids: [file.id], pass_code_option: "REQUIRED", pass_code: "same1" });
    const { pass_code_token } = await visitor.open({ share_id: one.share_id, pass_code: "same1" });
    expect((await visitor.open({ share_id: one.share_id, pass_code_token })).share_status).toBe("OK");
    expect((await visitor.open({ share_id: two.share_id, pass_code_token })).share_status).toBe(
      "PASS_CODE_EMPTY",
    );
    const info = await visitor.call(
      "GET",
      `/drive/v1/share/file_info?share_id=${two.share_id}&file_id=${file.id}&pass_code_token=${pass_code_token}`,
    );
    expect(info.body).toMatchObject({ share_status: "PASS_CODE_EMPTY", file_info: null });
  });

  it("expire after 12 hours", async () => {
    const file = await drive.upload("twelve.txt", randomBytes(4));
    const { share_id, pass_code } = await owner.create({ file_ids: [file.id], pass_code_option: "REQUIRED" });
    const { pass_code_token } = await visitor.open({ share_id, pass_code });
    offset += 11.9 * HOUR;
    try {
      expect((await visitor.open({ share_id, pass_code_token })).share_status).toBe("OK");
      offset += 0.2 * HOUR;
      expect((await visitor.open({ share_id, pass_code_token })).share_status).toBe("PASS_CODE_EMPTY");
    } finally {
      offset -= 12.1 * HOUR;
    }
  });
});

describe("passcode guessing", () => {
  it("escalates to captcha_required per share and client", async () => {
    const file = await drive.upload("guarded.txt", randomBytes(4));
    const { share_id, pass_code } = await owner.create({ file_ids: [file.id], pass_code_option: "REQUIRED" });
    const guesser = shareClient(t, undefined, "203.0.113.9");
    for (let i = 0; i < 10; i++) {
      expect((await guesser.open({ share_id, pass_code: `wrong${i}` })).share_status).toBe("PASS_CODE_ERROR");
    }
    const blocked = await guesser.call("GET", `/drive/v1/share?share_id=${share_id}&pass_code=${pass_code}`);
    expect(blocked.status).toBe(401);
    expect(blocked.body.error).toBe("captcha_required");
    // Another client, and the same client on another share, are not affected.
    expect((await shareClient(t, undefined, "203.0.113.10").open({ share_id, pass_code })).share_status).toBe(
      "OK",
    );
    const other = await owner.create({ file_ids: [file.id], pass_code_option: "REQUIRED" });
    expect((await guesser.open({ share_id: other.share_id, pass_code: other.pass_code })).share_status).toBe(
      "OK",
    );
  });
});

describe("browsing and links", () => {
  it("lists folders inside the share with their path, and refuses ids outside it", async () => {
    const { folder, inner, photo } = await sharedFolder("Browse");
    const outside = await drive.upload("private.txt", randomBytes(4));
    const { share_id, pass_code } = await owner.create({
      file_ids: [folder.id],
      pass_code_option: "REQUIRED",
    });
    const { pass_code_token } = await visitor.open({ share_id, pass_code });
    const top = await visitor.detail({ share_id, parent_id: folder.id, pass_code_token });
    expect(top.files.map((f) => f.name)).toEqual(["Day 1", "note.txt"]);
    const nested = await visitor.detail({ share_id, parent_id: inner.id, pass_code_token });
    expect(nested.files.map((f) => f.id)).toEqual([photo.id]);
    expect(nested.ancestors).toEqual([
      { id: folder.id, name: "Browse" },
      { id: inner.id, name: "Day 1" },
    ]);
    const paged = await visitor.detail({ share_id, parent_id: folder.id, pass_code_token, limit: 1 });
    expect(paged.files).toHaveLength(1);
    const rest = await visitor.detail({
      share_id,
      parent_id: folder.id,
      pass_code_token,
      page_token: paged.next_page_token,
    });
    expect(rest.files.map((f) => f.name)).toEqual(["note.txt"]);
    for (const id of [outside.id, "01AAAAAAAAAAAAAAAAAAAAAAAA"]) {
      const refused = await visitor.call(
        "GET",
        `/drive/v1/share/detail?share_id=${share_id}&parent_id=${id}&pass_code_token=${pass_code_token}`,
      );
      expect(refused.status).toBe(404);
      expect(refused.body.error).toBe("file_not_found");
      const info = await visitor.call(
        "GET",
        `/drive/v1/share/file_info?share_id=${share_id}&file_id=${id}&pass_code_token=${pass_code_token}`,
      );
      expect(info.body.error).toBe("file_not_found");
    }
    // Without the token nothing of the content shows.
    expect((await visitor.detail({ share_id, parent_id: inner.id })).files).toEqual([]);
  });

  it("file_info gives signed links that download the bytes; signed-in downloads count", async () => {
    const bytes = randomBytes(300);
    const folder = await drive.folder("Links");
    const file = await drive.upload("data.bin", bytes, folder.id);
    const { share_id } = await owner.create({ file_ids: [folder.id] });
    const bob = await signUp(t.app);
    const info = await shareClient(t, bob).ok(
      "GET",
      `/drive/v1/share/file_info?share_id=${share_id}&file_id=${file.id}`,
    );
    expect(info.share_status).toBe("OK");
    expect(info.file_info.id).toBe(file.id);
    const url = new URL(info.file_info.web_content_link);
    expect(url.searchParams.get("u")).toBe(bob.id);
    const download = await t.app.inject({ method: "GET", url: url.pathname + url.search });
    expect(download.statusCode).toBe(200);
    expect(download.rawPayload.equals(bytes)).toBe(true);
    const batch = await visitor.ok("POST", "/drive/v1/share:batch_file_info", {
      share_id,
      file_ids: [folder.id, file.id],
    });
    expect(batch.file_infos.map((f: { id: string }) => f.id)).toEqual([folder.id, file.id]);
    expect(batch.file_infos[0].parent_id).toBe("");
    const list = await owner.ok("GET", "/drive/v1/share/list");
    expect(list.data.find((s: { share_id: string }) => s.share_id === share_id).download_count).toBe("1");
  });
});

describe("reports", () => {
  it("stores abuse reports, anonymous or signed in", async () => {
    const file = await drive.upload("reported.txt", randomBytes(4));
    const { share_id } = await owner.create({ file_ids: [file.id] });
    await visitor.ok("POST", "/drive/v1/share/report", { share_id, reason: "spam", description: "ads" });
    const rows = await t.database.db
      .selectFrom("share_reports")
      .selectAll()
      .where("share_id", "=", share_id)
      .execute();
    expect(rows).toMatchObject([{ reason: "spam", description: "ads", reporter_user_id: "" }]);
    const missing = await visitor.call("POST", "/drive/v1/share/report", {
      share_id: "VNnope",
      reason: "spam",
    });
    expect(missing.status).toBe(404);
  });
});
