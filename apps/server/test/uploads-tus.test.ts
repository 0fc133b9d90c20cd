import { createHash } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { BlobStore } from "../src/blobs/blob-store.js";
import { createTestApp, storedUploadIds, type TestApp, testBlobStoreKind } from "./support/test-app.js";
import {
  droppedPatch,
  gcidOf,
  listen,
  onOrigin,
  patternBytes,
  sha256Of,
  startUpload,
  tusFailure,
  tusUpload,
} from "./support/uploads.js";
import { signUp, type TestUser } from "./support/users.js";

const MiB = 1024 * 1024;

describe("tus uploads (tus-js-client against a listening server)", () => {
  let t: TestApp;
  let origin: string;
  let alice: TestUser;
  let bob: TestUser;

  /** How bytes reached the blob store: copied through `put`, or adopted in place. */
  const calls = { put: 0, adopt: 0 };

  beforeAll(async () => {
    t = await createTestApp({
      env: { FREE_STORAGE_BYTES: String(64 * MiB) },
      wrapBlobs: (store) =>
        Object.assign(Object.create(store), {
          put: (...args: Parameters<BlobStore["put"]>) => {
            calls.put++;
            return store.put(...args);
          },
          // Only a store that can adopt (local) gets one, as the real store has it or not.
          ...(store.adopt && {
            adopt: (...args: Parameters<NonNullable<BlobStore["adopt"]>>) => {
              calls.adopt++;
              return store.adopt?.(...args);
            },
          }),
        }),
    });
    origin = await listen(t.app);
    alice = await signUp(t.app);
    bob = await signUp(t.app);
  });
  afterAll(() => t.close());

  async function start(user: TestUser, name: string, bytes: Buffer, extra: Record<string, unknown> = {}) {
    const response = await startUpload(t.app, user, {
      name,
      size: String(bytes.length),
      hash: gcidOf(bytes),
      sha256: sha256Of(bytes),
      ...extra,
    });
    expect(response.statusCode, response.body).toBe(200);
    const answer = response.json();
    return { answer, url: onOrigin(answer.resumable.params.url, origin) };
  }

  const user = (id: string) =>
    t.database.db.selectFrom("users").selectAll().where("id", "=", id).executeTakeFirstOrThrow();
  const head = (url: string, who: TestUser) =>
    fetch(url, { method: "HEAD", headers: { ...who.auth, "tus-resumable": "1.0.0" } });

  it("uploads a few MiB in chunks, stores the blob and charges usage instead of the reservation", async () => {
    const bytes = patternBytes(5 * MiB + 123, 1);
    const { answer, url } = await start(alice, "video.bin", bytes);
    expect(answer.upload_type).toBe("UPLOAD_TYPE_RESUMABLE");
    expect(answer.file.phase).toBe("PHASE_TYPE_PENDING");
    expect(answer.resumable).toMatchObject({ kind: "drive#resumable", provider: "NIMBUS_TUS" });
    expect(answer.resumable.params.url).toBe(
      `http://nimbus.test/drive/v1/uploads/tus/${answer.resumable.params.upload_id}`,
    );
    expect((await user(alice.id)).storage_reserved).toBe(bytes.length);

    const before = { ...calls };
    await tusUpload(bytes, { url, token: alice.token, chunkSize: MiB }).done;
    // Hashed while arriving, then adopted by the local store (no second copy of the bytes);
    // the S3 store has nothing to adopt from, so the bytes are put once.
    expect(calls).toEqual(
      testBlobStoreKind === "s3"
        ? { put: before.put + 1, adopt: before.adopt }
        : { put: before.put, adopt: before.adopt + 1 },
    );

    const file = (
      await t.app.inject({ url: `/drive/v1/files/${answer.file.id}`, headers: alice.auth })
    ).json();
    expect(file).toMatchObject({
      phase: "PHASE_TYPE_COMPLETE",
      hash: gcidOf(bytes),
      size: String(bytes.length),
    });
    const link = new URL(file.web_content_link);
    const download = await t.app.inject({ url: link.pathname + link.search });
    expect(download.rawPayload.equals(bytes)).toBe(true);
    expect(await user(alice.id)).toMatchObject({ storage_reserved: 0, storage_usage: bytes.length });
    expect(await storedUploadIds(t)).toEqual([]); // the tus copy is gone
    // A client resuming the finished upload learns it is complete.
    const again = await head(url, alice);
    expect(again.status).toBe(200);
    expect(again.headers.get("upload-offset")).toBe(String(bytes.length));
  });

  it("stores a blob without SHA-256; the first claim computes and keeps it; a differing SHA-256 never dedups", async () => {
    const bytes = patternBytes(2 * MiB + 7, 31);
    const { url } = await start(alice, "lazy.bin", bytes);
    await tusUpload(bytes, { url, token: alice.token, chunkSize: MiB }).done;
    const row = () =>
      t.database.db
        .selectFrom("blobs")
        .selectAll()
        .where("gcid", "=", gcidOf(bytes))
        .executeTakeFirstOrThrow();
    // Local disk adopts the file with only its GCID; S3 streams it through `put`, which hashes both.
    expect((await row()).sha256).toBe(testBlobStoreKind === "s3" ? sha256Of(bytes) : null);

    const carol = await signUp(t.app);
    const claim = async (sha256: string) => {
      const asked = (
        await startUpload(t.app, carol, {
          name: "claim.bin",
          size: bytes.length,
          hash: gcidOf(bytes),
          sha256,
        })
      ).json();
      const { id, start: from, end } = asked.challenge;
      const sha1 = createHash("sha1")
        .update(bytes.subarray(Number(from), Number(end) + 1))
        .digest("hex");
      const answered = await startUpload(t.app, carol, {
        name: "claim.bin",
        size: bytes.length,
        challenge_id: id,
        challenge_sha1: sha1,
      });
      return { asked, answered };
    };
    // Right GCID, size and range answer, but another SHA-256 (what a GCID collision looks like): no dedup.
    for (let flip = 0; flip < 4; flip++) {
      const other = Buffer.from(sha256Of(bytes), "hex");
      other[flip * 8] = (other[flip * 8] as number) ^ (1 << flip);
      const { asked, answered } = await claim(other.toString("hex"));
      expect(answered.statusCode).toBe(403);
      expect(answered.json().error).toBe("upload_challenge_failed");
      const file = await t.app.inject({ url: `/drive/v1/files/${asked.file.id}`, headers: carol.auth });
      expect(file.json().phase).toBe("PHASE_TYPE_PENDING");
    }
    // The refused claims computed the blob's SHA-256 from its bytes and kept it.
    expect((await row()).sha256).toBe(sha256Of(bytes));
    const { answered } = await claim(sha256Of(bytes));
    expect(answered.statusCode, answered.body).toBe(200);
    expect(answered.json().file.phase).toBe("PHASE_TYPE_COMPLETE");
    expect((await row()).ref_count).toBe(2);
  });

  it("releases the reservation at once when the pending file is deleted mid-upload", async () => {
    const bytes = patternBytes(3 * MiB, 7);
    const { answer, url } = await start(bob, "abandoned.bin", bytes);
    await droppedPatch(url, bob.token, bytes, MiB);
    expect((await user(bob.id)).storage_reserved).toBe(bytes.length);
    const deleted = await t.app.inject({
      method: "POST",
      url: "/drive/v1/files:batchDelete",
      headers: bob.auth,
      payload: { ids: [answer.file.id] },
    });
    expect(deleted.statusCode, deleted.body).toBe(200);
    expect((await user(bob.id)).storage_reserved).toBe(0);
    // The client resuming it is told the upload is over; it never becomes a file.
    const resumed = await fetch(url, {
      method: "PATCH",
      headers: {
        ...bob.auth,
        "tus-resumable": "1.0.0",
        "upload-offset": String(MiB),
        "content-type": "application/offset+octet-stream",
      },
      body: bytes.subarray(MiB),
    });
    expect(resumed.status).toBe(404);
    expect(((await resumed.json()) as { error: string }).error).toBe("upload_not_found");
    expect((await user(bob.id)).storage_reserved).toBe(0);
  });

  it("resumes after the connection is dropped mid-way", async () => {
    const bytes = patternBytes(3 * MiB, 2);
    const { answer, url } = await start(alice, "resume.bin", bytes);
    // One PATCH for the whole file, cut off after 1 MiB went out: the bytes that arrived are kept.
    await droppedPatch(url, alice.token, bytes, MiB);
    // On a loaded machine the server may still be taking in the last of that MiB when the
    // client has already hung up (CI, Postgres + S3: 851,074 bytes at the first HEAD).
    await expect
      .poll(async () => Number((await head(url, alice)).headers.get("upload-offset")), { timeout: 10_000 })
      .toBe(MiB);

    await tusUpload(bytes, { url, token: alice.token, chunkSize: 512 * 1024 }).done;
    const file = (
      await t.app.inject({ url: `/drive/v1/files/${answer.file.id}`, headers: alice.auth })
    ).json();
    expect(file).toMatchObject({ phase: "PHASE_TYPE_COMPLETE", hash: gcidOf(bytes) });
  });

  it("resumes after the server restarts on the same DATA_DIR and database", async () => {
    const bytes = patternBytes(4 * MiB, 3);
    const { answer, url } = await start(alice, "restart.bin", bytes);
    await expect(
      tusUpload(bytes, { url, token: alice.token, chunkSize: MiB, abortAfter: 2 * MiB }).done,
    ).rejects.toThrow("aborted");

    t = await t.restart();
    origin = await listen(t.app);
    const resumed = onOrigin(url, origin);
    expect(Number((await head(resumed, alice)).headers.get("upload-offset"))).toBe(2 * MiB);

    await tusUpload(bytes, { url: resumed, token: alice.token, chunkSize: MiB }).done;
    const file = (
      await t.app.inject({ url: `/drive/v1/files/${answer.file.id}`, headers: alice.auth })
    ).json();
    expect(file).toMatchObject({ phase: "PHASE_TYPE_COMPLETE", hash: gcidOf(bytes) });
  });

  it("refuses bytes whose GCID differs from the declared one, leaving the file errored, never complete", async () => {
    const bytes = patternBytes(2 * MiB, 4);
    const usageBefore = (await user(alice.id)).storage_usage;
    const { answer, url } = await start(alice, "liar.bin", bytes, {
      hash: gcidOf(patternBytes(2 * MiB, 5)),
      sha256: undefined,
    });
    const failure = await tusUpload(bytes, { url, token: alice.token }).done.catch(tusFailure);
    expect(failure).toMatchObject({ status: 400 });
    expect(JSON.parse((failure as { body: string }).body).error).toBe("file_hash_mismatch");

    const file = (
      await t.app.inject({ url: `/drive/v1/files/${answer.file.id}`, headers: alice.auth })
    ).json();
    expect(file.phase).toBe("PHASE_TYPE_ERROR");
    expect(file.hash).toBe("");
    expect(await user(alice.id)).toMatchObject({ storage_reserved: 0, storage_usage: usageBefore });
    const resumed = await head(url, alice);
    expect(resumed.status).toBe(400);
  });

  it("refuses other users and anonymous callers, and never leaks the upload", async () => {
    const bytes = patternBytes(MiB, 6);
    const { url } = await start(alice, "private.bin", bytes);
    const asBob = await head(url, bob);
    expect(asBob.status).toBe(404);
    const patch = await fetch(url, {
      method: "PATCH",
      headers: {
        ...bob.auth,
        "tus-resumable": "1.0.0",
        "upload-offset": "0",
        "content-type": "application/offset+octet-stream",
      },
      body: bytes,
    });
    expect(patch.status).toBe(404);
    expect(((await patch.json()) as { error: string }).error).toBe("upload_not_found");
    const failure = await tusUpload(bytes, { url, token: bob.token }).done.catch(tusFailure);
    expect(failure).toMatchObject({ status: 404 });
    expect((await fetch(url, { method: "HEAD", headers: { "tus-resumable": "1.0.0" } })).status).toBe(401);
    expect(
      (await fetch(url, { method: "DELETE", headers: { ...bob.auth, "tus-resumable": "1.0.0" } })).status,
    ).toBe(404);
    expect(Number((await head(url, alice)).headers.get("upload-offset"))).toBe(0);
  });

  it("locates an upload by POST only with the declared Upload-Length, and cancels with DELETE", async () => {
    const bytes = patternBytes(MiB, 7);
    const { answer, url } = await start(alice, "cancel.bin", bytes);
    const uploadId = answer.resumable.params.upload_id;
    const post = (length: number) =>
      fetch(`${origin}/drive/v1/uploads/tus`, {
        method: "POST",
        headers: {
          ...alice.auth,
          "tus-resumable": "1.0.0",
          "upload-length": String(length),
          "upload-metadata": `upload_id ${Buffer.from(uploadId).toString("base64")}`,
        },
      });
    const wrong = await post(bytes.length + 1);
    expect(wrong.status).toBe(400);
    expect(((await wrong.json()) as { error: string }).error).toBe("file_size_mismatch");
    const right = await post(bytes.length);
    expect(right.status).toBe(201);
    expect(right.headers.get("location")).toBe(answer.resumable.params.url);

    const reservedBefore = (await user(alice.id)).storage_reserved;
    const cancelled = await fetch(url, {
      method: "DELETE",
      headers: { ...alice.auth, "tus-resumable": "1.0.0" },
    });
    expect(cancelled.status).toBe(204);
    expect((await user(alice.id)).storage_reserved).toBe(reservedBefore - bytes.length);
    const file = await t.app.inject({ url: `/drive/v1/files/${answer.file.id}`, headers: alice.auth });
    expect(file.json().error).toBe("file_not_found");
    expect((await head(url, alice)).status).toBe(404);
  });
});
