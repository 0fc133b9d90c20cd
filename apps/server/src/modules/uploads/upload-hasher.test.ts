import { appendFile, mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { GcidHasher } from "@nimbus/protocol";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { sha1Factory } from "../../blobs/blob-store.js";
import { INLINE_HASH_BYTES, UploadHasher } from "./upload-hasher.js";

function pattern(size: number): Buffer {
  const bytes = Buffer.alloc(size);
  for (let i = 0; i < size; i++) bytes[i] = i % 251;
  return bytes;
}

function expected(bytes: Buffer) {
  const gcid = new GcidHasher(bytes.length, sha1Factory);
  gcid.update(bytes);
  return { key: gcid.digest(), size: bytes.length };
}

describe("UploadHasher (GCID behind the writes, in a worker thread)", () => {
  let dir: string;
  let hasher: UploadHasher;
  let n = 0;
  beforeAll(async () => {
    dir = await mkdtemp(path.join(tmpdir(), "nimbus-hasher-"));
    hasher = new UploadHasher();
  });
  afterAll(async () => {
    await hasher.close();
    await rm(dir, { recursive: true, force: true });
  });

  /** Writes `bytes` to a file in `pieces`, telling the hasher after each, as PATCHes would. */
  async function hashInPieces(bytes: Buffer, pieces: number) {
    const id = `upload-${n++}`;
    const file = path.join(dir, id);
    await writeFile(file, "");
    const step = Math.ceil(bytes.length / pieces) || 1;
    for (let at = 0; at < bytes.length; at += step) {
      await appendFile(file, bytes.subarray(at, at + step));
      hasher.written(id, file, bytes.length, Math.min(at + step, bytes.length));
    }
    return hasher.digest(id, file, bytes.length);
  }

  it("matches GcidHasher across block boundaries and odd pieces", async () => {
    for (const [size, pieces] of [
      [0, 1],
      [3, 1],
      [262_144, 3],
      [262_145, 7],
      [3 * 1024 * 1024 + 5, 11],
    ] as const) {
      const bytes = pattern(size);
      expect(await hashInPieces(bytes, pieces), `size ${size}`).toEqual(expected(bytes));
    }
  });

  it("uses the doubled block size of big files (128 MiB + 1 of zeros)", async () => {
    const digest = await hashInPieces(Buffer.alloc(134_217_729), 5);
    expect(digest.key).toBe("07A062B60C0BCCDEBA1F220FD6D1B28326AFF01B");
  });

  it("hashes from the first byte when it never saw the earlier writes (after a restart)", async () => {
    const bytes = pattern(1_000_000);
    const file = path.join(dir, "restarted");
    await writeFile(file, bytes);
    const fresh = new UploadHasher();
    try {
      expect(await fresh.digest("restarted", file, bytes.length)).toEqual(expected(bytes));
    } finally {
      await fresh.close();
    }
  });

  it("rejects when the file is shorter than the upload", async () => {
    const file = path.join(dir, "short");
    await writeFile(file, pattern(100_000));
    await expect(hasher.digest("short", file, 200_000)).rejects.toThrow(/hashing failed/);
    // A small one is hashed on the spot, and refused alike.
    await writeFile(file, pattern(10));
    await expect(hasher.digest("short", file, 20)).rejects.toThrow(/10 of 20 bytes/);
  });

  it("hashes a file of up to INLINE_HASH_BYTES on the spot, without the workers", async () => {
    const bytes = pattern(INLINE_HASH_BYTES);
    const file = path.join(dir, "small");
    await writeFile(file, bytes);
    const idle = new UploadHasher();
    try {
      idle.written("small", file, bytes.length, bytes.length);
      expect(await idle.digest("small", file, bytes.length)).toEqual(expected(bytes));
      expect((idle as unknown as { pool: unknown[] }).pool).toHaveLength(0);
    } finally {
      await idle.close();
    }
  });
});
