import { createHash } from "node:crypto";
import { PassThrough, type Readable } from "node:stream";
import { gcidBlockSize } from "@nimbus/protocol";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import type { BlobStore, PutResult } from "./blob-store.js";

const MiB = 1024 * 1024;
const EMPTY_GCID = "DA39A3EE5E6B4B0D3255BFEF95601890AFD80709";

export interface BlobStoreFixture {
  store: BlobStore;
  cleanup(): Promise<void>;
}

/** Deterministic bytes that differ per seed, so distinct blobs get distinct GCIDs. */
export function testBytes(size: number, seed = 0): Buffer {
  const bytes = Buffer.alloc(size);
  let state = (seed * 2654435761 + 1) >>> 0;
  for (let i = 0; i < size; i++) {
    state = (state * 1103515245 + 12345) >>> 0;
    bytes[i] = state >>> 24;
  }
  return bytes;
}

export async function* chunksOf(bytes: Uint8Array, chunkSize = 64 * 1024): AsyncGenerator<Uint8Array> {
  for (let offset = 0; offset < bytes.length; offset += chunkSize) {
    yield bytes.subarray(offset, offset + chunkSize);
  }
}

export async function readAll(stream: Readable): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

export async function listAll(store: BlobStore): Promise<string[]> {
  const keys: string[] = [];
  for await (const key of store.list()) keys.push(key);
  return keys.sort();
}

/** Buffer-aware: toEqual on megabytes of bytes takes seconds. */
export function expectSameBytes(actual: Buffer, expected: Buffer): void {
  expect(actual.length).toBe(expected.length);
  expect(actual.equals(expected)).toBe(true);
}

/** GCID and SHA-256 computed directly, independently of GcidHasher. */
export function expectedDigest(bytes: Buffer): Omit<PutResult, "created"> {
  const block = gcidBlockSize(bytes.length);
  const outer = createHash("sha1");
  for (let offset = 0; offset < bytes.length; offset += block) {
    outer.update(
      createHash("sha1")
        .update(bytes.subarray(offset, offset + block))
        .digest(),
    );
  }
  const key = outer.digest("hex").toUpperCase();
  return { key, size: bytes.length, sha256: createHash("sha256").update(bytes).digest("hex") };
}

const INVALID_KEYS = [
  "",
  "da39a3ee5e6b4b0d3255bfef95601890afd80709",
  "../x",
  `../${EMPTY_GCID.slice(3)}`,
  `DA/39/${EMPTY_GCID}`,
  `${EMPTY_GCID}/`,
  EMPTY_GCID.slice(1),
  `${EMPTY_GCID}0`,
];

/** One suite every BlobStore implementation must pass. */
export function describeBlobStoreContract(name: string, makeStore: () => Promise<BlobStoreFixture>): void {
  describe(`${name} BlobStore contract`, () => {
    let store: BlobStore;
    let cleanup: () => Promise<void>;

    beforeEach(async () => {
      ({ store, cleanup } = await makeStore());
    });
    afterEach(async () => {
      await cleanup();
    });

    async function putBytes(bytes: Buffer, chunkSize?: number): Promise<PutResult> {
      return store.put(chunksOf(bytes, chunkSize), { size: bytes.length });
    }

    it("stores bytes under their GCID with the right size and SHA-256", async () => {
      const bytes = testBytes(MiB + 123, 1);
      const result = await putBytes(bytes, 10_000);
      expect(result).toEqual({ ...expectedDigest(bytes), created: true });
      expectSameBytes(await readAll(await store.get(result.key)), bytes);
      expect(await store.head(result.key)).toEqual({ key: result.key, size: bytes.length });
    });

    it("stores an empty blob", async () => {
      const result = await putBytes(Buffer.alloc(0));
      expect(result).toMatchObject({ key: EMPTY_GCID, size: 0, created: true });
      expect(result.sha256).toBe("e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855");
      expect((await readAll(await store.get(EMPTY_GCID))).length).toBe(0);
      expect(await store.head(EMPTY_GCID)).toEqual({ key: EMPTY_GCID, size: 0 });
      await expect(store.get(EMPTY_GCID, { start: 0, end: 0 })).rejects.toMatchObject({
        error: "range_not_satisfiable",
      });
    });

    it("stores a blob larger than 16 MiB (multipart on S3)", async () => {
      const bytes = testBytes(17 * MiB + 5, 2);
      const result = await putBytes(bytes, MiB + 7);
      expect(result).toEqual({ ...expectedDigest(bytes), created: true });
      expectSameBytes(await readAll(await store.get(result.key)), bytes);
    });

    it("reads byte ranges and rejects ranges outside the blob", async () => {
      const bytes = testBytes(1000, 3);
      const { key } = await putBytes(bytes);
      for (const [start, end] of [
        [0, 0],
        [100, 199],
        [999, 999],
        [0, 999],
      ] as const) {
        expect(await readAll(await store.get(key, { start, end }))).toEqual(bytes.subarray(start, end + 1));
      }
      for (const range of [
        { start: 0, end: 1000 },
        { start: 1000, end: 1000 },
        { start: 5000, end: 6000 },
      ]) {
        await expect(store.get(key, range)).rejects.toMatchObject({ error: "range_not_satisfiable" });
      }
      await expect(store.get(key, { start: 5, end: 4 })).rejects.toMatchObject({ error: "invalid_argument" });
      await expect(store.get(key, { start: -1, end: 4 })).rejects.toMatchObject({
        error: "invalid_argument",
      });
    });

    it("answers missing blobs", async () => {
      expect(await store.head(EMPTY_GCID)).toBeUndefined();
      await expect(store.get(EMPTY_GCID)).rejects.toMatchObject({ error: "not_found" });
      await expect(store.get(EMPTY_GCID, { start: 0, end: 0 })).rejects.toMatchObject({ error: "not_found" });
    });

    it("deduplicates identical bytes", async () => {
      const bytes = testBytes(5000, 4);
      const first = await putBytes(bytes);
      const second = await putBytes(bytes, 77);
      expect(first.created).toBe(true);
      expect(second).toEqual({ ...first, created: false });
      expect(await listAll(store)).toEqual([first.key]);
    });

    it("accepts concurrent puts of identical bytes", async () => {
      const bytes = testBytes(2 * MiB, 5);
      const results = await Promise.all([putBytes(bytes), putBytes(bytes, 4096), putBytes(bytes, 999)]);
      const { key } = expectedDigest(bytes);
      expect(results.map((result) => result.key)).toEqual([key, key, key]);
      expect(results.some((result) => result.created)).toBe(true);
      expect(await listAll(store)).toEqual([key]);
      expectSameBytes(await readAll(await store.get(key)), bytes);
    });

    it("deletes idempotently", async () => {
      const { key } = await putBytes(testBytes(10, 6));
      await store.delete(key);
      expect(await store.head(key)).toBeUndefined();
      await store.delete(key);
      await store.delete(EMPTY_GCID);
      expect(await listAll(store)).toEqual([]);
    });

    it("rejects keys that are not GCIDs", async () => {
      for (const key of INVALID_KEYS) {
        const invalid = { error: "invalid_argument" };
        await expect(store.get(key), key).rejects.toMatchObject(invalid);
        await expect(store.get(key, { start: 0, end: 0 }), key).rejects.toMatchObject(invalid);
        await expect(store.head(key), key).rejects.toMatchObject(invalid);
        await expect(store.delete(key), key).rejects.toMatchObject(invalid);
      }
    });

    it("rejects a size mismatch and keeps nothing", async () => {
      const bytes = testBytes(9 * MiB, 7);
      const mismatch = { error: "file_size_mismatch" };
      await expect(store.put(chunksOf(bytes), { size: bytes.length + 1 })).rejects.toMatchObject(mismatch);
      await expect(store.put(chunksOf(bytes), { size: bytes.length - 1 })).rejects.toMatchObject(mismatch);
      await expect(store.put(chunksOf(bytes.subarray(0, 10)), { size: 0 })).rejects.toMatchObject(mismatch);
      await expect(store.put(chunksOf(bytes), { size: -1 })).rejects.toMatchObject({
        error: "invalid_argument",
      });
      expect(await listAll(store)).toEqual([]);
    });

    it("stops an aborted put and keeps nothing", async () => {
      const source = new PassThrough();
      const controller = new AbortController();
      const put = store.put(source, { size: 20 * MiB, signal: controller.signal });
      source.write(testBytes(9 * MiB, 8));
      await new Promise((resolve) => setTimeout(resolve, 100));
      controller.abort();
      await expect(put).rejects.toMatchObject({ error: "cancelled" });

      const aborted = AbortSignal.abort();
      await expect(store.put(chunksOf(testBytes(10)), { size: 10, signal: aborted })).rejects.toMatchObject({
        error: "cancelled",
      });
      expect(await listAll(store)).toEqual([]);
    });

    it("lists every stored key", async () => {
      const keys = [];
      for (const seed of [10, 11, 12]) keys.push((await putBytes(testBytes(100 + seed, seed))).key);
      keys.push((await putBytes(Buffer.alloc(0))).key);
      expect(await listAll(store)).toEqual(keys.sort());
    });

    it("answers ping", async () => {
      await expect(store.ping()).resolves.toBeUndefined();
    });
  });
}
