import { createHash } from "node:crypto";
import { BlockSha256Hasher } from "@nimbus/protocol";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { EXPIRE_UPLOADS_JOB } from "../src/modules/uploads/upload-expiry.js";
import { createTestApp, storedUploadIds, type TestApp } from "./support/test-app.js";
import { gcidOf, patternBytes, sha256Of, startUpload } from "./support/uploads.js";
import { signUp, type TestUser } from "./support/users.js";

const MiB = 1024 * 1024;
const HOUR = 3_600_000;
const BOTH_PHASES = JSON.stringify({ phase: { in: ["PHASE_TYPE_PENDING", "PHASE_TYPE_COMPLETE"] } });

describe("uploads: instant upload, quota reservation, folder paths, expiry", () => {
  let t: TestApp;
  let now = Date.now();
  let alice: TestUser;
  let bob: TestUser;

  beforeAll(async () => {
    t = await createTestApp({
      env: { FREE_STORAGE_BYTES: String(20 * MiB), UPLOAD_EXPIRY_HOURS: "2" },
      clock: { now: () => now },
      // Like the S3 store: no `adopt`, so finished tus uploads are streamed through `put`.
      wrapBlobs: (store) => Object.assign(Object.create(store), { adopt: undefined }),
    });
    alice = await signUp(t.app);
    bob = await signUp(t.app);
  });
  afterAll(() => t.close());

  const user = (id: string) =>
    t.database.db.selectFrom("users").selectAll().where("id", "=", id).executeTakeFirstOrThrow();
  const blob = (gcid: string) =>
    t.database.db.selectFrom("blobs").selectAll().where("gcid", "=", gcid).executeTakeFirst();
  const getFile = async (who: TestUser, id: string) =>
    (await t.app.inject({ url: `/drive/v1/files/${id}`, headers: who.auth })).json();

  /** Stores `bytes` for `who` through a form upload, the way any first copy arrives. */
  async function store(who: TestUser, name: string, bytes: Buffer) {
    const created = await startUpload(t.app, who, {
      name,
      size: bytes.length,
      upload_type: "UPLOAD_TYPE_FORM",
    });
    const put = await t.app.inject({
      method: "PUT",
      url: new URL(created.json().form.url).pathname,
      headers: who.auth,
      payload: bytes,
    });
    expect(put.statusCode, put.body).toBe(200);
    return put.json();
  }

  it("completes a small known file by reference once its range challenge is answered", async () => {
    const bytes = patternBytes(300_000, 11);
    await store(alice, "a.bin", bytes);
    const usage = (await user(bob.id)).storage_usage;
    const asked = (
      await startUpload(t.app, bob, {
        name: "copy.bin",
        size: bytes.length,
        hash: gcidOf(bytes).toLowerCase(),
        sha256: sha256Of(bytes),
      })
    ).json();
    expect(asked.file.phase).toBe("PHASE_TYPE_PENDING");
    const { id, start, end } = asked.challenge;
    expect(Number(end) - Number(start) + 1).toBe(256 * 1024);
    const answer = (
      await startUpload(t.app, bob, {
        name: "copy.bin",
        size: bytes.length,
        challenge_id: id,
        challenge_sha1: createHash("sha1")
          .update(bytes.subarray(Number(start), Number(end) + 1))
          .digest("hex"),
      })
    ).json();
    expect(answer).toMatchObject({
      upload_type: "UPLOAD_TYPE_RESUMABLE",
      file: { id: asked.file.id, phase: "PHASE_TYPE_COMPLETE", hash: gcidOf(bytes) },
    });
    expect(answer.resumable).toBeUndefined();
    expect((await blob(gcidOf(bytes)))?.ref_count).toBe(2);
    expect(await user(bob.id)).toMatchObject({ storage_usage: usage + bytes.length, storage_reserved: 0 });
    expect(await storedUploadIds(t)).toEqual([]); // no bytes moved
  });

  it("never deduplicates when the SHA-256 differs (collision-safe): the bytes must be uploaded", async () => {
    const bytes = patternBytes(200_000, 12);
    await store(alice, "b.bin", bytes);
    const answer = (
      await startUpload(t.app, bob, {
        name: "b.bin",
        size: bytes.length,
        hash: gcidOf(bytes),
        sha256: "ab".repeat(32),
      })
    ).json();
    expect(answer.file.phase).toBe("PHASE_TYPE_PENDING");
    expect(answer.resumable.provider).toBe("NIMBUS_TUS");
  });

  it("matches the drive's block SHA-256 (decision 0071): the right one completes, another never", async () => {
    const bytes = patternBytes(700_000, 13);
    await store(alice, "blocks.bin", bytes);
    const blockSha256 = new BlockSha256Hasher(bytes.length, () => createHash("sha256"));
    blockSha256.update(bytes);
    const claim = async (declared: string) => {
      const asked = (
        await startUpload(t.app, bob, {
          name: "blocks.bin",
          size: bytes.length,
          hash: gcidOf(bytes),
          block_sha256: declared,
        })
      ).json();
      const { id, start, end } = asked.challenge;
      return startUpload(t.app, bob, {
        name: "blocks.bin",
        size: bytes.length,
        challenge_id: id,
        challenge_sha1: createHash("sha1")
          .update(bytes.subarray(Number(start), Number(end) + 1))
          .digest("hex"),
      });
    };
    const wrong = await claim(sha256Of(bytes)); // the whole file's SHA-256 is not the block SHA-256
    expect(wrong.statusCode).toBe(403);
    expect(wrong.json().error).toBe("upload_challenge_failed");
    const right = await claim(blockSha256.digest().toUpperCase());
    expect(right.json().file).toMatchObject({ phase: "PHASE_TYPE_COMPLETE", hash: gcidOf(bytes) });
    const kept = new BlockSha256Hasher(bytes.length, () => createHash("sha256"));
    kept.update(bytes);
    expect((await blob(gcidOf(bytes)))?.block_sha256).toBe(kept.digest());
  });

  it("challenges big files for a random range and grants the file only for the right SHA-1", async () => {
    const bytes = patternBytes(3 * MiB, 13);
    await store(alice, "big.bin", bytes);
    const ask = () =>
      startUpload(t.app, bob, {
        name: "big.bin",
        size: bytes.length,
        hash: gcidOf(bytes),
        sha256: sha256Of(bytes),
      });
    const sha1 = (start: number, end: number) =>
      createHash("sha1")
        .update(bytes.subarray(start, end + 1))
        .digest("hex");

    const first = (await ask()).json();
    expect(first.file.phase).toBe("PHASE_TYPE_PENDING");
    expect(first.challenge).toMatchObject({ kind: "drive#uploadChallenge", algorithm: "SHA1" });
    const { id, start, end } = first.challenge;
    expect(Number(end) - Number(start) + 1).toBe(256 * 1024);

    const wrong = await startUpload(t.app, bob, {
      name: "big.bin",
      size: bytes.length,
      challenge_id: id,
      challenge_sha1: sha1(Number(start) + 1, Number(end) + 1),
    });
    expect(wrong.statusCode).toBe(403);
    expect(wrong.json().error).toBe("upload_challenge_failed");
    expect((await getFile(bob, first.file.id)).phase).toBe("PHASE_TYPE_PENDING");
    // One attempt per challenge: even the right answer is refused now.
    const replay = await startUpload(t.app, bob, {
      name: "big.bin",
      size: bytes.length,
      challenge_id: id,
      challenge_sha1: sha1(Number(start), Number(end)),
    });
    expect(replay.json().error).toBe("upload_challenge_failed");

    const second = (await ask()).json();
    const c = second.challenge;
    const usage = (await user(bob.id)).storage_usage;
    const right = await startUpload(t.app, bob, {
      name: "big.bin",
      size: bytes.length,
      challenge_id: c.id,
      challenge_sha1: sha1(Number(c.start), Number(c.end)),
    });
    expect(right.statusCode, right.body).toBe(200);
    expect(right.json().file).toMatchObject({
      id: second.file.id,
      phase: "PHASE_TYPE_COMPLETE",
      hash: gcidOf(bytes),
    });
    expect((await user(bob.id)).storage_usage).toBe(usage + bytes.length);
    expect((await blob(gcidOf(bytes)))?.ref_count).toBe(2);
  });

  it("reserves storage atomically: of concurrent starts over the limit, exactly those that fit succeed", async () => {
    const carol = await signUp(t.app);
    const size = 3 * MiB; // 20 MiB limit: six fit, the rest must fail
    const answers = await Promise.all(
      Array.from({ length: 10 }, (_, i) =>
        startUpload(t.app, carol, { name: `part-${i}.bin`, size, hash: gcidOf(patternBytes(64, i)) }),
      ),
    );
    const ok = answers.filter((a) => a.statusCode === 200);
    expect(ok).toHaveLength(6);
    for (const refused of answers.filter((a) => a.statusCode !== 200)) {
      expect(refused.json()).toMatchObject({ error: "file_space_not_enough" });
    }
    expect(await user(carol.id)).toMatchObject({ storage_reserved: 6 * size, storage_usage: 0 });
  });

  it("creates the folders of a relative path once, reusing them under concurrent uploads", async () => {
    const paths = ["photos/2024/a.jpg", "photos/2024/b.jpg", "photos/2023/c.jpg", "photos/d.jpg"];
    const answers = await Promise.all(
      paths.map((path) =>
        startUpload(t.app, alice, { name: path.split("/").pop(), size: 10, relative_path: path }),
      ),
    );
    for (const answer of answers) expect(answer.statusCode, answer.body).toBe(200);
    const list = async (parentId: string) =>
      (
        await t.app.inject({
          // Pending files are listed only when asked for by phase.
          url: `/drive/v1/files?parent_id=${parentId}&limit=100&filters=${encodeURIComponent(BOTH_PHASES)}`,
          headers: alice.auth,
        })
      ).json().files as Array<{ id: string; name: string; kind: string }>;
    const photos = (await list("")).filter((f) => f.name.startsWith("photos"));
    expect(photos.map((f) => f.name)).toEqual(["photos"]);
    const inside = await list(photos[0]?.id ?? "");
    expect(inside.map((f) => f.name).sort()).toEqual(["2023", "2024", "d.jpg"]);
    const y2024 = inside.find((f) => f.name === "2024");
    expect((await list(y2024?.id ?? "")).map((f) => f.name).sort()).toEqual(["a.jpg", "b.jpg"]);

    await startUpload(t.app, alice, { name: "notes", size: 1, upload_type: "UPLOAD_TYPE_FORM" });
    const blocked = await startUpload(t.app, alice, { name: "x.txt", size: 1, relative_path: "notes/x.txt" });
    expect(blocked.json().error).toBe("file_name_conflict");
    const mismatch = await startUpload(t.app, alice, { name: "y.txt", size: 1, relative_path: "dir/z.txt" });
    expect(mismatch.json()).toMatchObject({ error: "invalid_argument" });
    const badName = await startUpload(t.app, alice, { name: "y.txt", size: 1, relative_path: "../y.txt" });
    expect(badName.json().error).toBe("file_name_invalid");
  });

  it("streams finished tus bytes through put when the store cannot adopt files (S3)", async () => {
    const bytes = patternBytes(700_000, 15);
    const answer = (
      await startUpload(t.app, bob, { name: "s3.bin", size: bytes.length, hash: gcidOf(bytes) })
    ).json();
    const patch = await t.app.inject({
      method: "PATCH",
      url: new URL(answer.resumable.params.url).pathname,
      headers: {
        ...bob.auth,
        "tus-resumable": "1.0.0",
        "upload-offset": "0",
        "content-type": "application/offset+octet-stream",
      },
      payload: bytes,
    });
    expect(patch.statusCode, patch.body).toBe(204);
    expect(patch.headers["upload-offset"]).toBe(String(bytes.length));
    expect(await getFile(bob, answer.file.id)).toMatchObject({
      phase: "PHASE_TYPE_COMPLETE",
      hash: gcidOf(bytes),
    });
  });

  it("expires abandoned uploads: bytes, pending file and reservation are dropped", async () => {
    const dave = await signUp(t.app);
    const answer = (await startUpload(t.app, dave, { name: "left.bin", size: MiB })).json();
    const path = new URL(answer.resumable.params.url).pathname;
    const patch = await t.app.inject({
      method: "PATCH",
      url: path,
      headers: {
        ...dave.auth,
        "tus-resumable": "1.0.0",
        "upload-offset": "0",
        "content-type": "application/offset+octet-stream",
      },
      payload: patternBytes(1000, 14),
    });
    expect(patch.statusCode, patch.body).toBe(204);
    expect(await storedUploadIds(t)).toContain(answer.resumable.params.upload_id);
    expect((await user(dave.id)).storage_reserved).toBe(MiB);

    now += 1.5 * HOUR; // activity pushes expiry back: not expired yet
    await t.jobs.enqueue(EXPIRE_UPLOADS_JOB, null);
    await t.jobs.drain();
    expect((await user(dave.id)).storage_reserved).toBe(MiB);

    now += 2 * HOUR + 1;
    await t.jobs.enqueue(EXPIRE_UPLOADS_JOB, null);
    await t.jobs.drain();
    expect((await user(dave.id)).storage_reserved).toBe(0);
    expect(await storedUploadIds(t)).not.toContain(answer.resumable.params.upload_id);
    const file = await t.database.db
      .selectFrom("files")
      .select("id")
      .where("id", "=", answer.file.id)
      .executeTakeFirst();
    expect(file).toBeUndefined();
    const signin = await t.app.inject({
      method: "POST",
      url: "/v1/auth/signin",
      payload: { username: dave.email, password: dave.password },
    });
    const auth = { authorization: `Bearer ${signin.json().access_token}` };
    const head = await t.app.inject({
      method: "HEAD",
      url: path,
      headers: { ...auth, "tus-resumable": "1.0.0" },
    });
    expect(head.statusCode).toBe(404);
  });
});
