import { mkdtemp, readdir, rm, stat, utimes, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { PassThrough } from "node:stream";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { chunksOf, describeBlobStoreContract, readAll, testBytes } from "./blob-store.contract.js";
import { FILE_READ_CHUNK } from "./file-read-stream.js";
import { createBlobStore } from "./index.js";
import { LocalBlobStore } from "./local-blob-store.js";

async function makeTempDir(): Promise<string> {
  return mkdtemp(join(tmpdir(), "nimbus-blobs-"));
}

describeBlobStoreContract("local", async () => {
  const dir = await makeTempDir();
  const store = new LocalBlobStore(dir);
  return {
    store,
    cleanup: async () => {
      await store.close();
      await rm(dir, { recursive: true, force: true });
    },
  };
});

describe("LocalBlobStore on disk", () => {
  let dir: string;
  let store: LocalBlobStore;

  beforeEach(async () => {
    dir = await makeTempDir();
    store = new LocalBlobStore(dir);
  });
  afterEach(async () => {
    await rm(dir, { recursive: true, force: true });
  });

  const tempFiles = () => readdir(join(dir, "tmp"));

  it("shards blobs by the first two pairs of hex digits", async () => {
    const bytes = testBytes(3000, 1);
    const { key } = await store.put(chunksOf(bytes), { size: bytes.length });
    const path = join(dir, key.slice(0, 2), key.slice(2, 4), key);
    expect(store.pathOf(key)).toBe(path);
    expect((await stat(path)).size).toBe(bytes.length);
    expect((await readdir(dir)).sort()).toEqual([key.slice(0, 2), "tmp"].sort());
  });

  it("leaves no temp file after a success, a size mismatch or an abort", async () => {
    const bytes = testBytes(3 * 1024 * 1024, 2);
    await store.put(chunksOf(bytes), { size: bytes.length });
    await store.put(chunksOf(bytes), { size: bytes.length });
    await expect(store.put(chunksOf(bytes), { size: 5 })).rejects.toMatchObject({
      error: "file_size_mismatch",
    });
    const source = new PassThrough();
    const controller = new AbortController();
    const put = store.put(source, { size: bytes.length + 1, signal: controller.signal });
    source.write(bytes);
    setTimeout(() => controller.abort(), 20);
    await expect(put).rejects.toMatchObject({ error: "cancelled" });
    expect(await tempFiles()).toEqual([]);
  });

  it("adopts a file without SHA-256, and refuses other bytes under a stored key (a GCID collision)", async () => {
    const bytes = testBytes(300_000, 3);
    const stored = await store.put(chunksOf(bytes), { size: bytes.length });
    const same = join(dir, "same");
    await writeFile(same, bytes);
    expect(await store.adopt(same, { key: stored.key, size: bytes.length })).toEqual({
      key: stored.key,
      size: bytes.length,
      sha256: null,
      created: false,
    });
    // Same key and size, one byte changed: what a SHA-1 collision would look like to the store.
    const other = Buffer.from(bytes);
    other[150_000] = (other[150_000] as number) ^ 1;
    const collider = join(dir, "collider");
    await writeFile(collider, other);
    await expect(store.adopt(collider, { key: stored.key, size: bytes.length })).rejects.toMatchObject({
      error: "data_loss",
    });
    expect(await readAll(await store.get(stored.key))).toEqual(bytes);
    const fresh = testBytes(5000, 4);
    const file = join(dir, "fresh");
    await writeFile(file, fresh);
    const key = (await store.put(chunksOf(fresh), { size: fresh.length })).key;
    await store.delete(key);
    expect(await store.adopt(file, { key, size: fresh.length })).toMatchObject({
      created: true,
      sha256: null,
    });
  });

  it("puts a small body from memory with its GCID: deduplicated, collisions refused, no temp file left", async () => {
    const bytes = testBytes(10_000, 5);
    const key = (await store.put(chunksOf(bytes), { size: bytes.length })).key;
    await store.delete(key);
    const put = await store.putBytes(bytes, { key, size: bytes.length });
    expect(put).toEqual({ key, size: bytes.length, sha256: null, created: true });
    expect(await readAll(await store.get(key))).toEqual(bytes);
    expect(await store.putBytes(bytes, { key, size: bytes.length })).toMatchObject({ created: false });
    const other = Buffer.from(bytes);
    other[5000] = (other[5000] as number) ^ 1;
    await expect(store.putBytes(other, { key, size: bytes.length })).rejects.toMatchObject({
      error: "data_loss",
    });
    // A shard removed behind the store's back is made again.
    await store.delete(key);
    await rm(join(dir, key.slice(0, 2)), { recursive: true });
    expect(await store.putBytes(bytes, { key, size: bytes.length })).toMatchObject({ created: true });
    await new Promise((resolve) => setTimeout(resolve, 20)); // temp names go in the background
    expect(await tempFiles()).toEqual([]);
  });

  it("reads in chunks of 2 MiB", async () => {
    const size = FILE_READ_CHUNK + 1000;
    const { key } = await store.put(chunksOf(testBytes(size)), { size });
    const sizes: number[] = [];
    for await (const chunk of await store.get(key)) sizes.push(chunk.length);
    expect(sizes).toEqual([FILE_READ_CHUNK, 1000]);
  });

  it("cleans only temp files older than the limit", async () => {
    await store.ping();
    await writeFile(join(dir, "tmp", "stale"), "x");
    await writeFile(join(dir, "tmp", "fresh"), "x");
    // Ages are the volume's: an hour before the fresh file's own time.
    const written = (await stat(join(dir, "tmp", "fresh"))).mtimeMs;
    const anHourBefore = new Date(written - 60 * 60 * 1000);
    await utimes(join(dir, "tmp", "stale"), anHourBefore, anHourBefore);
    expect(await store.cleanTemp(10 * 60 * 1000)).toBe(1);
    expect(await tempFiles()).toEqual(["fresh"]);
  });

  it("ignores stray files when listing", async () => {
    const { key } = await store.put(chunksOf(testBytes(10)), { size: 10 });
    await writeFile(join(dir, key.slice(0, 2), key.slice(2, 4), "notes.txt"), "x");
    await writeFile(join(dir, "README"), "x");
    const keys = [];
    for await (const listed of store.list()) keys.push(listed);
    expect(keys).toEqual([key]);
  });

  it("fails ping when the root cannot be written", async () => {
    const file = join(dir, "a-file");
    await writeFile(file, "x");
    await expect(new LocalBlobStore(join(file, "blobs")).ping()).rejects.toThrow();
  });

  it("never builds a path from an invalid key", () => {
    expect(() => store.pathOf("../../etc/passwd")).toThrowError(/GCID/);
  });

  it("is what createBlobStore returns in local mode", async () => {
    const created = await createBlobStore({ kind: "local", dir });
    expect(created).toBeInstanceOf(LocalBlobStore);
    expect(created.kind).toBe("local");
  });
});
