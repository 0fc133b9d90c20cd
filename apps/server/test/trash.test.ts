import { randomBytes } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { TRASH_EXPIRY_JOB } from "../src/modules/space/space-jobs.js";
import { checkInvariants, type DriveClient, driveClient } from "./support/drive.js";
import { createTestApp, type TestApp } from "./support/test-app.js";
import { signIn, signUp } from "./support/users.js";

const DAY = 86_400_000;
let now = Date.UTC(2026, 0, 1);
let t: TestApp;

beforeAll(async () => {
  t = await createTestApp({ clock: { now: () => now } });
});
afterAll(() => t.close());

async function user(): Promise<DriveClient> {
  return driveClient(t, await signUp(t.app));
}

async function pathOf(drive: DriveClient, id: string): Promise<string> {
  const parts: string[] = [];
  let file = await drive.ok("GET", `/drive/v1/files/${id}`);
  parts.unshift(file.name);
  while (file.parent_id !== "") {
    file = await drive.ok("GET", `/drive/v1/files/${file.parent_id}`);
    parts.unshift(file.name);
  }
  return `/${parts.join("/")}`;
}

describe("trash", () => {
  it("trashes a folder with its content, keeps usage, and restores it all", async () => {
    const drive = await user();
    const work = await drive.folder("Work");
    const reports = await drive.folder("Reports", work.id);
    const q1 = await drive.upload("q1.pdf", randomBytes(700), reports.id);
    await drive.ok("POST", "/drive/v1/files:batchTrash", { ids: [reports.id] });
    expect(await drive.listAll({ parent_id: work.id })).toEqual([]);
    expect((await drive.ok("GET", `/drive/v1/files/${q1.id}`)).trashed).toBe(true);
    expect(await drive.about()).toMatchObject({ usage: 700, usage_in_trash: 700 });
    const trash = await drive.listAll({ filters: { trashed: { eq: true } } });
    expect(trash.map((f) => f.id)).toEqual([reports.id]);

    const restored = await drive.ok("POST", "/drive/v1/files:batchUntrash", { ids: [reports.id] });
    expect(restored.files.map((f: { name: string }) => f.name)).toEqual(["Reports"]);
    expect(await pathOf(drive, q1.id)).toBe("/Work/Reports/q1.pdf");
    expect((await drive.ok("GET", `/drive/v1/files/${q1.id}`)).trashed).toBe(false);
    expect(await drive.about()).toMatchObject({ usage: 700, usage_in_trash: 0 });
  });

  it("tells when each trashed item was trashed and when the expiry deletes it", async () => {
    const drive = await user();
    const folder = await drive.folder("Dated");
    const inside = await drive.upload("inside.txt", randomBytes(3), folder.id);
    const live = await drive.upload("live.txt", randomBytes(3));
    const trashedAt = now;
    await drive.ok("POST", "/drive/v1/files:batchTrash", { ids: [folder.id] });
    const [listed] = await drive.listAll({ filters: { trashed: { eq: true } } });
    expect(listed).toMatchObject({
      id: folder.id,
      trashed_time: new Date(trashedAt).toISOString(),
      delete_time: new Date(trashedAt + 30 * DAY).toISOString(),
    });
    // What went with its folder carries the folder's times; a live item carries none.
    const child = await drive.ok("GET", `/drive/v1/files/${inside.id}`);
    expect(child.trashed_time).toBe(new Date(trashedAt).toISOString());
    const untouched = await drive.ok("GET", `/drive/v1/files/${live.id}`);
    expect(untouched).not.toHaveProperty("trashed_time");
    expect(untouched).not.toHaveProperty("delete_time");
    // Restored, the times are gone.
    await drive.ok("POST", "/drive/v1/files:batchUntrash", { ids: [folder.id] });
    expect(await drive.ok("GET", `/drive/v1/files/${folder.id}`)).not.toHaveProperty("delete_time");
  });

  it("keeps an item trashed on its own in the trash when its folder comes back", async () => {
    const drive = await user();
    const folder = await drive.folder("Box");
    const lone = await drive.upload("lone.txt", randomBytes(5), folder.id);
    const other = await drive.upload("other.txt", randomBytes(5), folder.id);
    await drive.ok("POST", "/drive/v1/files:batchTrash", { ids: [lone.id] });
    await drive.ok("POST", "/drive/v1/files:batchTrash", { ids: [folder.id] });
    await drive.ok("POST", "/drive/v1/files:batchUntrash", { ids: [folder.id] });
    expect((await drive.listAll({ parent_id: folder.id })).map((f) => f.id)).toEqual([other.id]);
    await drive.ok("POST", "/drive/v1/files:batchUntrash", { ids: [lone.id] });
    expect(await pathOf(drive, lone.id)).toBe("/Box/lone.txt");
  });

  it("makes the original folder path again when it is gone", async () => {
    const drive = await user();
    const a = await drive.folder("A");
    const b = await drive.folder("B", a.id);
    const c = await drive.upload("c.txt", randomBytes(9), b.id);
    await drive.ok("POST", "/drive/v1/files:batchTrash", { ids: [c.id] });
    await drive.ok("POST", "/drive/v1/files:batchDelete", { ids: [a.id] }); // A and B gone for good
    expect((await drive.call("GET", `/drive/v1/files/${a.id}`)).status).toBe(404);
    expect((await drive.ok("GET", `/drive/v1/files/${c.id}`)).trashed).toBe(true); // still in the trash
    await drive.ok("POST", "/drive/v1/files:batchUntrash", { ids: [c.id] });
    expect(await pathOf(drive, c.id)).toBe("/A/B/c.txt");
    const newB = (await drive.ok("GET", `/drive/v1/files/${c.id}`)).parent_id;
    expect(newB).not.toBe(b.id);

    // Parent in the trash: the path is made again beside it; the parent comes back numbered.
    await drive.ok("POST", "/drive/v1/files:batchTrash", { ids: [c.id] });
    await drive.ok("POST", "/drive/v1/files:batchTrash", { ids: [newB] });
    await drive.ok("POST", "/drive/v1/files:batchUntrash", { ids: [c.id] });
    expect(await pathOf(drive, c.id)).toBe("/A/B/c.txt");
    await drive.ok("POST", "/drive/v1/files:batchUntrash", { ids: [newB] });
    expect(await pathOf(drive, newB)).toBe("/A/B (1)");
    await checkInvariants(t);
  });

  it("numbers a restored item whose name was taken meanwhile", async () => {
    const drive = await user();
    const first = await drive.upload("x.txt", randomBytes(1));
    await drive.ok("POST", "/drive/v1/files:batchTrash", { ids: [first.id] });
    await drive.upload("x.txt", randomBytes(1));
    const restored = await drive.ok("POST", "/drive/v1/files:batchUntrash", { ids: [first.id] });
    expect(restored.files[0].name).toBe("x (1).txt");
  });

  it("deletes for good, releasing usage and references, and empties the trash", async () => {
    const drive = await user();
    const bytes = randomBytes(400);
    const keep = await drive.upload("keep.bin", bytes);
    const gone = await drive.upload("gone.bin", bytes);
    const folder = await drive.folder("Old");
    await drive.upload("in-old.bin", randomBytes(100), folder.id);
    await drive.ok("POST", "/drive/v1/files:batchDelete", { ids: [gone.id] });
    expect((await drive.about()).usage).toBe(500);
    const blob = await t.database.db
      .selectFrom("blobs")
      .selectAll()
      .where("gcid", "=", keep.hash)
      .executeTakeFirst();
    expect(blob?.ref_count).toBe(1);
    await drive.ok("POST", "/drive/v1/files:batchTrash", { ids: [folder.id, keep.id] });
    expect(await drive.about()).toMatchObject({ usage: 500, usage_in_trash: 500 });
    await drive.ok("PATCH", "/drive/v1/files/trash:empty");
    expect(await drive.about()).toMatchObject({ usage: 0, usage_in_trash: 0 });
    expect(await drive.listAll({ filters: { trashed: { eq: true } } })).toEqual([]);
    const released = await t.database.db
      .selectFrom("blobs")
      .selectAll()
      .where("gcid", "=", keep.hash)
      .executeTakeFirst();
    expect(released).toMatchObject({ ref_count: 0, unreferenced_at: now });
    await checkInvariants(t);
  });

  it("expires items after TRASH_RETENTION_DAYS", async () => {
    const account = await signUp(t.app);
    let drive = driveClient(t, account);
    const old = await drive.upload("old.txt", randomBytes(10));
    await drive.ok("POST", "/drive/v1/files:batchTrash", { ids: [old.id] });
    now += 29 * DAY;
    drive = driveClient(t, await signIn(t.app, account)); // the old access token has expired
    const fresh = await drive.upload("fresh.txt", randomBytes(20));
    await drive.ok("POST", "/drive/v1/files:batchTrash", { ids: [fresh.id] });
    await t.jobs.enqueue(TRASH_EXPIRY_JOB, null);
    await t.jobs.drain();
    expect((await drive.listAll({ filters: { trashed: { eq: true } } })).length).toBe(2);
    now += 2 * DAY;
    drive = driveClient(t, await signIn(t.app, account));
    await t.jobs.enqueue(TRASH_EXPIRY_JOB, null);
    await t.jobs.drain();
    expect((await drive.listAll({ filters: { trashed: { eq: true } } })).map((f) => f.id)).toEqual([
      fresh.id,
    ]);
    expect((await drive.about()).usage).toBe(20);
    await checkInvariants(t);
  });
});
