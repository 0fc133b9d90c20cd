import { execFileSync } from "node:child_process";
import { randomBytes } from "node:crypto";
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { Readable } from "node:stream";
import pg from "pg";
import { afterAll, describe, expect, it } from "vitest";
import { checkBlobs } from "../src/modules/space/blob-check.js";
import { driveClient } from "./support/drive.js";
import { createTestApp, type TestApp } from "./support/test-app.js";
import { signUp } from "./support/users.js";

const opened: TestApp[] = [];
const cleanups: (() => Promise<unknown>)[] = [];
afterAll(async () => {
  for (const app of opened.reverse()) await app.close();
  for (const cleanup of cleanups.reverse()) await cleanup();
});

async function download(t: TestApp, link: string): Promise<Buffer> {
  const url = new URL(link);
  const answer = await t.app.inject({ url: `${url.pathname}${url.search}` });
  expect(answer.statusCode).toBe(200);
  return answer.rawPayload;
}

/** Puts bytes back into the store, as copying them from the bucket's backup (or an older version) does. */
async function putBack(t: TestApp, bytes: Buffer): Promise<void> {
  await t.blobs.put(Readable.from([bytes]), { size: bytes.length });
}

describe("after a restore: referenced blobs the store lacks (npm run blobs:check)", () => {
  it("reports a referenced blob whose bytes are gone, and none once they are put back", async () => {
    const t = await createTestApp();
    opened.push(t);
    const drive = driveClient(t, await signUp(t.app));
    const bytes = randomBytes(4096);
    const file = await drive.upload("kept.bin", bytes);
    expect(await checkBlobs(t.database.db, t.blobs)).toEqual({ referenced: 1, stored: 1, missing: [] });
    await t.blobs.delete(file.hash);
    expect(await checkBlobs(t.database.db, t.blobs)).toEqual({
      referenced: 1,
      stored: 0,
      missing: [file.hash],
    });
    await putBack(t, bytes);
    expect((await checkBlobs(t.database.db, t.blobs)).missing).toEqual([]);
  });
});

const baseUrl = process.env.TEST_DATABASE_URL;

/** docs/deploy.md §5, Postgres and the bucket together: dump first, restore, check, put back, open. */
describe.skipIf(!baseUrl)("the Postgres + bucket restore drill (docs/deploy.md)", () => {
  it("a dump restored into a new database serves the files of the dump with the bucket's bytes", async () => {
    const t = await createTestApp();
    opened.push(t);
    const { database } = t.config;
    if (database.kind !== "postgres" || !baseUrl) throw new Error("needs Postgres");
    const schema = new URL(database.url).searchParams.get("options")?.replace("-c search_path=", "");
    const alice = await signUp(t.app);
    const drive = driveClient(t, alice);
    const keptBytes = randomBytes(8192);
    const kept = await drive.upload("kept.bin", keptBytes);

    const work = await mkdtemp(path.join(tmpdir(), "nimbus-restore-"));
    cleanups.push(() => rm(work, { recursive: true, force: true }));
    const dump = path.join(work, "nimbus.dump");
    execFileSync("pg_dump", ["--format=custom", `--schema=${schema}`, `--file=${dump}`, baseUrl]);

    // After the dump: a new file (its object will have no row), and the kept file's bytes lost
    // (as blob GC deletes them once the file is deleted for good and the grace period passed).
    const late = await drive.upload("late.bin", randomBytes(4096));
    await t.blobs.delete(kept.hash);

    const restoredDb = `nimbus_restore_${randomBytes(6).toString("hex")}`;
    const admin = new pg.Client({ connectionString: baseUrl });
    await admin.connect();
    await admin.query(`create database ${restoredDb}`);
    await admin.end();
    cleanups.push(async () => {
      const client = new pg.Client({ connectionString: baseUrl });
      await client.connect();
      await client.query(`drop database if exists ${restoredDb} with (force)`);
      await client.end();
    });
    const restoredUrl = new URL(database.url);
    restoredUrl.pathname = `/${restoredDb}`;
    const target = new URL(baseUrl);
    target.pathname = `/${restoredDb}`;
    execFileSync("pg_restore", ["--no-owner", `--dbname=${target}`, dump]);

    const restored = await t.peer({ database: { kind: "postgres", url: restoredUrl.toString() } });
    opened.push(restored);
    const check = await checkBlobs(restored.database.db, restored.blobs);
    expect(check.missing).toEqual([kept.hash]);
    await putBack(restored, keptBytes);
    expect((await checkBlobs(restored.database.db, restored.blobs)).missing).toEqual([]);

    // Alice's session of before the dump still holds: the nodes keep the same SECRET_KEY.
    const user = driveClient(restored, alice);
    const files = await user.listAll({ parent_id: "" });
    expect(files.map((f) => f.name)).toEqual(["kept.bin"]); // nothing written after the dump
    expect(files.some((f) => f.id === late.id)).toBe(false);
    const link = (await user.ok("GET", `/drive/v1/files/${kept.id}`)).web_content_link;
    expect((await download(restored, link)).equals(keptBytes)).toBe(true);
  }, 60_000);
});
