import { randomBytes } from "node:crypto";
import { mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type DriveClient, driveClient } from "./support/drive.js";
import { type ShareClient, shareClient } from "./support/shares.js";
import { createTestApp, type TestApp } from "./support/test-app.js";
import { signUp, type TestUser } from "./support/users.js";

const ADMIN_EMAIL = "moderator@example.com";

describe("moderation", () => {
  let t: TestApp;
  let alice: TestUser;
  let drive: DriveClient;
  let owner: ShareClient;
  let admin: ShareClient;
  const visitor = () => shareClient(t);

  beforeAll(async () => {
    t = await createTestApp({
      env: { SHARE_SENSITIVE_WORDS: "forbidden, Contraband", ADMIN_EMAILS: ADMIN_EMAIL.toUpperCase() },
    });
    alice = await signUp(t.app);
    drive = driveClient(t, alice);
    owner = shareClient(t, alice);
    admin = shareClient(t, await signUp(t.app, { email: ADMIN_EMAIL }));
  });
  afterAll(() => t.close());

  it("SENSITIVE_WORD: a configured word in the title or a shared item's name", async () => {
    const clean = await drive.upload("clean.txt", randomBytes(4));
    const byTitle = await owner.create({ file_ids: [clean.id], title: "Some FORBIDDEN stuff" });
    expect(await visitor().open({ share_id: byTitle.share_id })).toMatchObject({
      share_status: "SENSITIVE_WORD",
      title: "",
    });
    const named = await drive.upload("my contraband.txt", randomBytes(4));
    const byName = await owner.create({ file_ids: [named.id] });
    expect((await visitor().open({ share_id: byName.share_id })).share_status).toBe("SENSITIVE_WORD");
    expect(
      (await visitor().open({ share_id: (await owner.create({ file_ids: [clean.id] })).share_id }))
        .share_status,
    ).toBe("OK");
  });

  it("refuses a damaged page token of the moderation lists like every other list", async () => {
    for (const url of ["/audit/v1/share/reviews", "/audit/v1/share/reports"]) {
      const answer = await admin.call("GET", `${url}?page_token=not-a-token`);
      expect(answer.status, url).toBe(400);
      expect(answer.body.error, url).toBe("invalid_page_token");
    }
  });

  it("every /audit call is for admins only: 401 anonymous, 403 for a user", async () => {
    const user = shareClient(t, await signUp(t.app));
    for (const [method, url, body] of [
      ["POST", "/audit/v1/share", { gcids: [] }],
      ["POST", "/audit/v1/share:approve", { ids: ["VNx"] }],
      ["POST", "/audit/v1/share:reject", { ids: ["VNx"] }],
      ["GET", "/audit/v1/share/reviews", undefined],
      ["GET", "/audit/v1/share/reports", undefined],
      ["POST", "/audit/v1/share/reports:dismiss", { ids: ["none"] }],
    ] as const) {
      const denied = await user.call(method, url, body);
      expect(denied.status, url).toBe(403);
      expect(denied.body.error).toBe("permission_denied");
      expect((await visitor().call(method, url, body)).status, url).toBe(401);
      expect((await admin.call(method, url, body)).status, url).toBe(200);
    }
  });

  it("an admin by role (users.role = admin) passes too", async () => {
    const promoted = await signUp(t.app);
    await sql`update users set role = 'admin' where id = ${promoted.id}`.execute(t.database.db);
    expect((await shareClient(t, promoted).call("GET", "/audit/v1/share/reports")).status).toBe(200);
  });

  it("PROHIBITED by GCID in every share that holds it, later ones and other owners' too", async () => {
    const bytes = randomBytes(128);
    const folder = await drive.folder("Mixed");
    const bad = await drive.upload("bad.bin", bytes, folder.id);
    await drive.upload("fine.bin", randomBytes(9), folder.id);
    const before = await owner.create({ file_ids: [folder.id] });
    const bobUser = await signUp(t.app);
    const bobFile = await driveClient(t, bobUser).upload("same-bytes.bin", bytes);
    const bobShare = await shareClient(t, bobUser).create({ file_ids: [bobFile.id] });
    const unrelated = await owner.create({
      file_ids: [(await drive.upload("other.bin", randomBytes(5))).id],
    });

    const audit = await admin.ok("POST", "/audit/v1/share", { gcids: [bad.hash.toLowerCase()] });
    expect(audit.gcids).toEqual([bad.hash]);
    expect(audit.share_ids.sort()).toEqual([before.share_id, bobShare.share_id].sort());
    expect((await visitor().open({ share_id: before.share_id })).share_status).toBe("PROHIBITED");
    expect((await visitor().open({ share_id: bobShare.share_id })).share_status).toBe("PROHIBITED");
    expect((await visitor().open({ share_id: unrelated.share_id })).share_status).toBe("OK");
    const later = await owner.create({ file_ids: [bad.id] });
    expect((await visitor().open({ share_id: later.share_id })).share_status).toBe("PROHIBITED");
    // Saving is refused with the status.
    const save = await shareClient(t, await signUp(t.app)).restore({ share_id: before.share_id });
    expect(save.body.error).toBe("share_unavailable");
  });

  it("SENSITIVE_RESOURCE by file ids of a user (folders: everything inside)", async () => {
    const folder = await drive.folder("Sensitive");
    await drive.upload("inside.bin", randomBytes(77), folder.id);
    const { share_id } = await owner.create({ file_ids: [folder.id] });
    const audit = await admin.ok("POST", "/audit/v1/share", {
      share_user_id: alice.id,
      file_ids: [folder.id],
      verdict: "SENSITIVE_RESOURCE",
    });
    expect(audit.gcids).toHaveLength(1);
    expect(audit.share_ids).toContain(share_id);
    expect((await visitor().open({ share_id })).share_status).toBe("SENSITIVE_RESOURCE");
  });

  it("keeps abuse reports for admins", async () => {
    const { share_id } = await owner.create({ file_ids: [(await drive.upload("r.bin", randomBytes(3))).id] });
    await visitor().ok("POST", "/drive/v1/share/report", {
      share_id,
      reason: "copyright",
      description: "mine",
    });
    const reports = await admin.ok("GET", "/audit/v1/share/reports");
    expect(reports.data[0]).toMatchObject({
      share_id,
      reason: "copyright",
      description: "mine",
      reporter_user_id: "",
      dismiss_time: "",
    });
  });

  it("a dismissed report leaves the open queue, is logged, and is dismissed once", async () => {
    const { share_id } = await owner.create({ file_ids: [(await drive.upload("d.bin", randomBytes(3))).id] });
    await visitor().ok("POST", "/drive/v1/share/report", { share_id, reason: "other", description: "fine" });
    const open = async () =>
      (await admin.ok("GET", "/audit/v1/share/reports?filter=open")).data.filter(
        (r: { share_id: string }) => r.share_id === share_id,
      );
    const [report] = await open();
    expect(report.dismiss_time).toBe("");

    expect(
      await admin.ok("POST", "/audit/v1/share/reports:dismiss", { ids: [report.id, "unknown"] }),
    ).toEqual({
      dismissed: 1,
    });
    expect(await open()).toEqual([]);
    const all = await admin.ok("GET", "/audit/v1/share/reports");
    const closed = all.data.find((r: { id: string }) => r.id === report.id);
    expect(closed.dismiss_time).not.toBe("");
    expect(closed.action_time).toBe("");
    // The share itself is untouched, and a second dismissal changes nothing.
    expect((await visitor().open({ share_id })).share_status).toBe("OK");
    expect(await admin.ok("POST", "/audit/v1/share/reports:dismiss", { ids: [report.id] })).toEqual({
      dismissed: 0,
    });
    const log = await admin.ok("GET", "/admin/v1/actions");
    const dismissals = log.data.filter(
      (entry: { action: string; target: string }) => entry.target === report.id,
    );
    expect(dismissals.map((entry: { action: string }) => entry.action)).toEqual(["moderation.dismiss"]);
  });

  it("refuses a dismissal with no ids in the error object", async () => {
    const refused = await admin.call("POST", "/audit/v1/share/reports:dismiss", { ids: [] });
    expect(refused.status).toBe(400);
    expect(refused.body).toMatchObject({ error: "invalid_argument" });
  });
});

describe("review queue (SHARE_REVIEW=on)", () => {
  let t: TestApp;

  let wordsDir: string;

  beforeAll(async () => {
    wordsDir = await mkdtemp(path.join(tmpdir(), "nimbus-words-"));
    const words = path.join(wordsDir, "words.txt");
    await writeFile(words, "first\nSecretWord\n\n");
    t = await createTestApp({
      env: { SHARE_REVIEW: "on", ADMIN_EMAILS: ADMIN_EMAIL, SHARE_SENSITIVE_WORDS_FILE: words },
    });
  });
  afterAll(async () => {
    await t.close();
    await rm(wordsDir, { recursive: true, force: true });
  });

  it("AUDITING until approved; a rejected share is PROHIBITED", async () => {
    const alice = await signUp(t.app);
    const drive = driveClient(t, alice);
    const owner = shareClient(t, alice);
    const admin = shareClient(t, await signUp(t.app, { email: ADMIN_EMAIL }));
    const one = await owner.create({ file_ids: [(await drive.upload("1.bin", randomBytes(3))).id] });
    const two = await owner.create({ file_ids: [(await drive.upload("2.bin", randomBytes(3))).id] });
    expect((await shareClient(t).open({ share_id: one.share_id })).share_status).toBe("AUDITING");
    const queue = await admin.ok("GET", "/audit/v1/share/reviews");
    expect(queue.data.map((s: { share_id: string }) => s.share_id)).toEqual(
      expect.arrayContaining([one.share_id, two.share_id]),
    );
    await admin.ok("POST", "/audit/v1/share:approve", { ids: [one.share_id] });
    await admin.ok("POST", "/audit/v1/share:reject", { ids: [two.share_id] });
    expect((await shareClient(t).open({ share_id: one.share_id })).share_status).toBe("OK");
    expect((await shareClient(t).open({ share_id: two.share_id })).share_status).toBe("PROHIBITED");
    // Review comes first; once approved, a word from SHARE_SENSITIVE_WORDS_FILE still blocks.
    const worded = await owner.create({
      file_ids: [(await drive.upload("3.bin", randomBytes(3))).id],
      title: "a secretword",
    });
    expect((await shareClient(t).open({ share_id: worded.share_id })).share_status).toBe("AUDITING");
    await admin.ok("POST", "/audit/v1/share:approve", { ids: [worded.share_id] });
    expect((await shareClient(t).open({ share_id: worded.share_id })).share_status).toBe("SENSITIVE_WORD");
  });
});
