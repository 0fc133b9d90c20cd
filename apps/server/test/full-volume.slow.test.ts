import { spawnSync } from "node:child_process";
import { createHash } from "node:crypto";
import { existsSync, statfsSync } from "node:fs";
import { mkdtemp, open, readdir, rm, stat } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { SPARE_FILE } from "../src/lib/data-volume.js";
import { BLOB_GC_JOB } from "../src/modules/space/space-jobs.js";
import { driveClient } from "./support/drive.js";
import { createTestApp, type TestApp } from "./support/test-app.js";
import { gcidOf, listen, onOrigin, patternBytes, sha256Of, startUpload } from "./support/uploads.js";
import { signUp, type TestUser } from "./support/users.js";

const MiB = 1024 * 1024;

/**
 * A real full volume: DATA_DIR (SQLite, blobs, unfinished uploads, the spare file) on a
 * 64 MiB tmpfs mounted here, filled by uploads and by a filler file until ENOSPC. Mounting
 * needs root (or CAP_SYS_ADMIN); elsewhere the suite is skipped and says why.
 */
function mountTmpfs(dir: string): string | undefined {
  const mounted = spawnSync("mount", ["-t", "tmpfs", "-o", "size=64m,mode=0700", "tmpfs", dir], {
    encoding: "utf8",
  });
  if (mounted.status === 0) return undefined;
  return (mounted.stderr || mounted.error?.message || `mount exited ${mounted.status}`).trim();
}

const mountPoint = await mkdtemp(path.join(tmpdir(), "nimbus-full-volume-"));
const cannotMount = mountTmpfs(mountPoint);
if (cannotMount) {
  await rm(mountPoint, { recursive: true, force: true });
  console.warn(
    `full-volume: skipped, cannot mount a tmpfs here (${cannotMount}); run as root to test a real full disk`,
  );
}

describe.skipIf(cannotMount !== undefined)("a real full DATA_DIR volume (64 MiB tmpfs)", () => {
  let t: TestApp;
  let origin: string;
  let alice: TestUser;
  const free = () => {
    const info = statfsSync(mountPoint);
    return info.bavail * info.bsize;
  };

  beforeAll(async () => {
    t = await createTestApp({
      env: {
        DATA_DIR: mountPoint,
        FREE_STORAGE_BYTES: String(1024 * MiB), // the user's quota is far from full: the disk is
        DISK_RESERVE_BYTES: String(16 * MiB),
        DISK_SPARE_BYTES: String(4 * MiB),
        BLOB_GC_GRACE_HOURS: "0",
      },
    });
    origin = await listen(t.app);
    alice = await signUp(t.app);
  });
  afterAll(async () => {
    try {
      // A hung close must not leave the tmpfs mounted: give it 20 s.
      await Promise.race([t?.close(), new Promise((resolve) => setTimeout(resolve, 20_000))]);
    } finally {
      spawnSync("umount", ["-l", mountPoint]);
      await rm(mountPoint, { recursive: true, force: true });
    }
  });

  const readyz = async () => t.app.inject({ url: "/readyz" });
  const tus = (url: string, method: string, headers: Record<string, string> = {}, body?: Buffer) =>
    fetch(url, {
      method,
      headers: { ...alice.auth, "tus-resumable": "1.0.0", ...headers },
      ...(body ? { body } : {}),
    });
  async function start(name: string, bytes: Buffer) {
    const created = await startUpload(t.app, alice, {
      name,
      size: String(bytes.length),
      hash: gcidOf(bytes),
      sha256: sha256Of(bytes),
    });
    expect(created.statusCode, created.body).toBe(200);
    const answer = created.json();
    return { id: answer.file.id as string, url: onOrigin(answer.resumable.params.url, origin) };
  }
  const patch = (url: string, bytes: Buffer, offset = 0) =>
    tus(
      url,
      "PATCH",
      { "upload-offset": String(offset), "content-type": "application/offset+octet-stream" },
      bytes,
    );
  async function partials(): Promise<number> {
    const dir = path.join(mountPoint, "uploads");
    let total = 0;
    for (const name of await readdir(dir).catch(() => [] as string[]))
      total += (await stat(path.join(dir, name)).catch(() => undefined))?.size ?? 0;
    return total;
  }
  async function download(fileId: string) {
    const file = await t.app.inject({ url: `/drive/v1/files/${fileId}`, headers: alice.auth });
    expect(file.statusCode, file.body).toBe(200);
    const link = new URL(file.json().web_content_link);
    return t.app.inject({ url: `${link.pathname}${link.search}`, headers: alice.auth });
  }
  const digest = (bytes: Uint8Array) => createHash("sha256").update(bytes).digest("hex");

  it("answers 507 past the end, keeps reads, sign-in, tus HEAD/DELETE, trash and delete, and recovers", async () => {
    // The spare is kept from listen on; the volume is ready.
    await expect.poll(() => existsSync(path.join(mountPoint, SPARE_FILE))).toBe(true);
    expect((await readyz()).statusCode).toBe(200);

    const first = patternBytes(44 * MiB, 1);
    const a = await start("first.bin", first);
    expect((await patch(a.url, first)).status).toBe(204);
    const waiting = patternBytes(2 * MiB, 9);
    const w = await start("waiting.bin", waiting); // a started upload, no bytes yet

    // Free space is now under the reserve: not ready, naming the volume.
    const notReady = await readyz();
    expect(notReady.statusCode).toBe(503);
    expect(notReady.json().checks).toMatchObject({ data_volume: "full", database: "ok" });

    // An upload past the end of the volume: ENOSPC mid-PATCH.
    const second = patternBytes(30 * MiB, 2);
    const b = await start("second.bin", second);
    const failed = await patch(b.url, second, 0).catch((error: unknown) => error);
    expect(failed).toBeInstanceOf(Response);
    const refused = failed as Response;
    const body = await refused.text();
    expect(refused.status, body).toBe(507);
    expect(JSON.parse(body)).toMatchObject({ error: "insufficient_storage", error_code: 8 });
    expect(JSON.parse(body).error_description).toMatch(/out of storage space/);
    // Its partial was released at once, and the spare with it.
    await expect.poll(partials).toBe(0);
    expect(existsSync(path.join(mountPoint, SPARE_FILE))).toBe(false);
    // The upload itself survives: HEAD says offset 0.
    const head = await tus(b.url, "HEAD");
    expect(head.status).toBe(200);
    expect(head.headers.get("upload-offset")).toBe("0");

    // Room came back (the partial went): the next look puts the spare back; still under the reserve.
    expect((await readyz()).statusCode).toBe(503);
    expect(existsSync(path.join(mountPoint, SPARE_FILE))).toBe(true);

    // Something else fills the volume to the last byte.
    const filler = await open(path.join(mountPoint, "filler"), "w");
    const chunk = Buffer.alloc(MiB, 7);
    for (let size = chunk.length; size >= 512; ) {
      try {
        await filler.write(chunk, 0, size);
      } catch {
        size = Math.floor(size / 2);
      }
    }
    await filler.close();
    expect(free()).toBeLessThan(64 * 1024);

    // A write that cannot fit answers 507 (never 429 or 500).
    const folder = await driveClient(t, alice).call("POST", "/drive/v1/files", {
      kind: "drive#folder",
      name: "new folder",
      parent_id: "",
    });
    // SQLite found no room for its journal (unless its WAL still had some): 507, and the spare made room.
    expect([200, 507], JSON.stringify(folder.body)).toContain(folder.status);
    if (folder.status === 507) {
      expect(folder.body.error).toBe("insufficient_storage");
      expect(existsSync(path.join(mountPoint, SPARE_FILE))).toBe(false);
    }

    // Reads, sign-in and tus HEAD/DELETE keep working on the full volume.
    const fetched = await download(a.id);
    expect(fetched.statusCode, fetched.statusCode === 200 ? "" : fetched.body).toBe(200);
    expect(digest(fetched.rawPayload)).toBe(digest(first));
    const signin = await t.app.inject({
      method: "POST",
      url: "/v1/auth/signin",
      payload: { username: alice.email, password: alice.password },
    });
    expect(signin.statusCode, signin.body).toBe(200);
    expect((await tus(w.url, "HEAD")).status).toBe(200);
    expect((await tus(w.url, "DELETE")).status).toBe(204);
    expect((await readyz()).statusCode).toBe(503);

    // Trash and delete answer 200 on the full volume, and deleting frees the space.
    const drive = driveClient(t, alice);
    const trashed = await drive.batch("batchTrash", [a.id]);
    expect(trashed.status, JSON.stringify(trashed.body)).toBe(200);
    const deleted = await drive.batch("batchDelete", [a.id, b.id]);
    expect(deleted.status, JSON.stringify(deleted.body)).toBe(200);
    await rm(path.join(mountPoint, "filler"));
    await t.jobs.enqueue(BLOB_GC_JOB, null);
    await t.jobs.drain();
    expect(free()).toBeGreaterThan(40 * MiB);

    // Recovered: ready again, the spare is back, and an upload goes through.
    const ready = await readyz();
    expect(ready.statusCode, ready.body).toBe(200);
    expect(existsSync(path.join(mountPoint, SPARE_FILE))).toBe(true);
    const third = patternBytes(8 * MiB, 3);
    const c = await start("third.bin", third);
    expect((await patch(c.url, third)).status).toBe(204);
    expect(await partials()).toBe(0);
  });
});
