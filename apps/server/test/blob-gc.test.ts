import { randomBytes } from "node:crypto";
import { Readable } from "node:stream";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { BLOB_GC_JOB } from "../src/modules/space/space-jobs.js";
import { checkInvariants, type DriveClient, driveClient } from "./support/drive.js";
import { createTestApp, type TestApp } from "./support/test-app.js";
import { signIn, signUp, type TestUser } from "./support/users.js";

const HOUR = 3_600_000;
let now = Date.UTC(2026, 0, 1);
let t: TestApp;
let account: TestUser;
let drive: DriveClient;

beforeAll(async () => {
  t = await createTestApp({ clock: { now: () => now } });
  account = await signUp(t.app);
  drive = driveClient(t, account);
});
afterAll(() => t.close());

async function later(hours: number): Promise<void> {
  now += hours * HOUR;
  drive = driveClient(t, await signIn(t.app, account));
}

async function gc(): Promise<void> {
  await t.jobs.enqueue(BLOB_GC_JOB, null);
  await t.jobs.drain();
}

const blobRow = (gcid: string) =>
  t.database.db.selectFrom("blobs").selectAll().where("gcid", "=", gcid).executeTakeFirst();

describe("blob garbage collection", () => {
  it("removes unreferenced blobs after the grace period, never referenced ones", async () => {
    const shared = randomBytes(300);
    const kept = await drive.upload("kept.bin", shared);
    const copy = await drive.upload("copy.bin", shared);
    const lone = await drive.upload("lone.bin", randomBytes(200));
    const revived = await drive.upload("revived.bin", randomBytes(100));
    await drive.ok("POST", "/drive/v1/files:batchDelete", { ids: [copy.id, lone.id, revived.id] });

    await gc();
    expect(await blobRow(lone.hash)).toBeDefined(); // still within the grace period
    expect(await t.blobs.head(lone.hash)).toBeDefined();

    await later(25);
    // The same content arrives again before GC runs: it is referenced again and must survive.
    const bytes = await readAll(revived.hash);
    await drive.upload("revived-again.bin", bytes);
    await gc();
    expect(await blobRow(lone.hash)).toBeUndefined();
    expect(await t.blobs.head(lone.hash)).toBeUndefined();
    expect(await blobRow(kept.hash)).toMatchObject({ ref_count: 1 });
    expect(await t.blobs.head(kept.hash)).toBeDefined();
    expect(await blobRow(revived.hash)).toMatchObject({ ref_count: 1, unreferenced_at: null });
    expect(await t.blobs.head(revived.hash)).toBeDefined();
    await checkInvariants(t);
  });

  it("removes stored bytes without a blob row once they have been orphans for the grace period", async () => {
    const orphan = await t.blobs.put(Readable.from([randomBytes(64)]), { size: 64 });
    const adopted = randomBytes(80);
    const early = await t.blobs.put(Readable.from([adopted]), { size: 80 });
    await gc();
    expect(await t.blobs.head(orphan.key)).toBeDefined();
    const seen = await t.database.db.selectFrom("blob_orphans").select("gcid").execute();
    expect(seen.map((r) => r.gcid).sort()).toEqual([orphan.key, early.key].sort());

    await later(12);
    await drive.upload("adopted.bin", adopted); // an upload commits a row for the early bytes
    await later(13);
    await gc();
    expect(await t.blobs.head(orphan.key)).toBeUndefined();
    expect(await t.blobs.head(early.key)).toBeDefined();
    expect(await t.database.db.selectFrom("blob_orphans").select("gcid").execute()).toEqual([]);
    await checkInvariants(t);
  });
});

describe("blob garbage collection and previews", () => {
  it("releases a collected blob's thumbnails, which are then collected in turn", async () => {
    const photo = await drive.upload("photo.jpg", randomBytes(500));
    const thumbBytes = randomBytes(50);
    const thumb = await t.blobs.put(Readable.from([thumbBytes]), { size: 50 });
    const { db } = t.database;
    await db
      .insertInto("blobs")
      .values({
        gcid: thumb.key,
        sha256: thumb.sha256,
        size: 50,
        ref_count: 1,
        created_at: now,
        unreferenced_at: null,
      })
      .execute();
    await db
      .insertInto("blob_thumbnails")
      .values({
        gcid: photo.hash,
        size: "SIZE_SMALL",
        thumbnail_gcid: thumb.key,
        mime_type: "image/webp",
        width: 10,
        height: 10,
        created_at: now,
      })
      .execute();
    await checkInvariants(t);
    await drive.ok("POST", "/drive/v1/files:batchDelete", { ids: [photo.id] });
    await later(25);
    await gc();
    expect(await blobRow(photo.hash)).toBeUndefined();
    expect(
      await db.selectFrom("blob_thumbnails").selectAll().where("gcid", "=", photo.hash).execute(),
    ).toEqual([]);
    expect(await blobRow(thumb.key)).toMatchObject({ ref_count: 0, unreferenced_at: now });
    await checkInvariants(t);
    await later(25);
    await gc();
    expect(await blobRow(thumb.key)).toBeUndefined();
    expect(await t.blobs.head(thumb.key)).toBeUndefined();
  });
});

async function readAll(gcid: string): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of await t.blobs.get(gcid)) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}
