import { randomUUID } from "node:crypto";
import { link, mkdir, open, readdir, rm, stat, writeFile } from "node:fs/promises";
import { dirname, join, resolve } from "node:path";
import type { Readable } from "node:stream";
import { pipeline } from "node:stream/promises";
import { isGcid } from "@nimbus/protocol";
import { volumeNow } from "../lib/volume-clock.js";
import {
  assertBlobKey,
  assertBlobSize,
  assertRangeInside,
  assertRangeShape,
  BlobDigestStream,
  type BlobStore,
  type ByteRange,
  blobNotFound,
  cancelledError,
  collisionRefused,
  type PutOptions,
  type PutResult,
  putFailure,
} from "./blob-store.js";
import { FileReadStream } from "./file-read-stream.js";
import { SmallBlobWriter } from "./small-blob-writer.js";

const SHARD_PATTERN = /^[0-9A-F]{2}$/;

/**
 * Blobs on a local filesystem at `<root>/<2 hex>/<2 hex>/<GCID>`, written through
 * `<root>/tmp/` so a blob only ever appears under its final name complete.
 */
export class LocalBlobStore implements BlobStore {
  readonly kind = "local";
  readonly rootDir: string;
  private readonly tempDir: string;
  /** Shard folders known to exist (fsynced into their parents when made): no mkdir per blob. */
  private readonly shards = new Set<string>();
  private tempMade = false;
  private readonly smallWriter = new SmallBlobWriter();

  constructor(rootDir: string) {
    this.rootDir = resolve(rootDir);
    this.tempDir = join(this.rootDir, "tmp");
  }

  async put(source: AsyncIterable<Uint8Array>, options: PutOptions): Promise<PutResult> {
    assertBlobSize(options.size);
    const { signal } = options;
    if (signal?.aborted) throw cancelledError(signal);
    await mkdir(this.tempDir, { recursive: true });
    const tempPath = join(this.tempDir, randomUUID());
    const digest = new BlobDigestStream(options.size);
    // Opened up front so the file exists before any byte flows, and closed before it is removed.
    const file = (await open(tempPath, "wx")).createWriteStream({ flush: true });
    try {
      await pipeline(source, digest, file, signal ? { signal } : {});
      if (signal?.aborted) throw cancelledError(signal);
      const result = digest.result;
      return { ...result, created: await this.publish(tempPath, result.key) };
    } catch (error) {
      throw putFailure(error, signal);
    } finally {
      file.destroy();
      if (!file.closed) await new Promise<void>((resolve) => file.once("close", () => resolve()));
      await rm(tempPath, { force: true });
    }
  }

  async adopt(file: string, digest: { key: string; size: number }): Promise<PutResult | undefined> {
    assertBlobKey(digest.key);
    const handle = await open(file, "r");
    try {
      if ((await handle.stat()).size !== digest.size) return undefined;
      await handle.datasync();
    } finally {
      await handle.close();
    }
    try {
      return {
        key: digest.key,
        size: digest.size,
        sha256: null,
        created: await this.publish(file, digest.key),
      };
    } catch (error) {
      // Another filesystem (EXDEV) or no hard links: the caller copies instead.
      if (["EXDEV", "EPERM", "ENOTSUP"].includes((error as NodeJS.ErrnoException).code ?? ""))
        return undefined;
      throw error;
    }
  }

  /**
   * A small body in memory, written durably in one trip to a worker (`SmallBlobWriter`: temp
   * file written and fdatasynced, hard-linked under its key, shard fsynced, temp name removed)
   * instead of a dozen trips through libuv's pool from the event loop (decision 0079).
   */
  async putBytes(bytes: Uint8Array, digest: { key: string; size: number }): Promise<PutResult> {
    assertBlobKey(digest.key);
    assertBlobSize(digest.size);
    if (bytes.byteLength !== digest.size) throw new Error("putBytes: the digest's size is not the body's");
    const finalPath = this.pathOf(digest.key);
    const shardDir = dirname(finalPath);
    for (let attempt = 0; ; attempt++) {
      if (!this.tempMade) {
        await mkdir(this.tempDir, { recursive: true });
        this.tempMade = true;
      }
      const job = {
        tempPath: join(this.tempDir, randomUUID()),
        finalPath,
        bytes,
        shardKnown: this.shards.has(shardDir),
      };
      try {
        const { created, same } = await this.smallWriter.write(job);
        if (!same) throw collisionRefused(digest.key);
        this.shards.add(shardDir);
        return { key: digest.key, size: digest.size, sha256: null, created };
      } catch (error) {
        // The temp folder was removed since it was made: make it again, once.
        if ((error as NodeJS.ErrnoException).code !== "ENOENT" || attempt > 0) throw error;
        this.tempMade = false;
      }
    }
  }

  async get(key: string, range?: ByteRange): Promise<Readable> {
    assertBlobKey(key);
    if (range) assertRangeShape(range);
    const handle = await open(this.pathOf(key), "r").catch((error: NodeJS.ErrnoException) => {
      throw error.code === "ENOENT" ? blobNotFound(key, error) : error;
    });
    try {
      if (range) assertRangeInside(range, (await handle.stat()).size);
      return new FileReadStream(handle, range);
    } catch (error) {
      await handle.close();
      throw error;
    }
  }

  async head(key: string): Promise<{ key: string; size: number } | undefined> {
    assertBlobKey(key);
    try {
      return { key, size: (await stat(this.pathOf(key))).size };
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === "ENOENT") return undefined;
      throw error;
    }
  }

  async delete(key: string): Promise<void> {
    assertBlobKey(key);
    await rm(this.pathOf(key), { force: true });
  }

  async *list(): AsyncIterable<string> {
    for (const first of await shardsIn(this.rootDir)) {
      for (const second of await shardsIn(join(this.rootDir, first))) {
        const prefix = first + second;
        for (const name of await readdir(join(this.rootDir, first, second))) {
          if (isGcid(name) && name.startsWith(prefix)) yield name;
        }
      }
    }
  }

  async ping(): Promise<void> {
    await mkdir(this.tempDir, { recursive: true });
    const probe = join(this.tempDir, `ping-${randomUUID()}`);
    try {
      await writeFile(probe, "");
    } finally {
      await rm(probe, { force: true });
    }
  }

  async close(): Promise<void> {
    await this.smallWriter.close();
  }

  /** Removes temp files left by crashed uploads, aged on the volume's clock; returns how many were removed. */
  async cleanTemp(olderThanMs: number): Promise<number> {
    const cutoff = (await volumeNow(this.tempDir)) - olderThanMs;
    let removed = 0;
    for (const name of await readdir(this.tempDir).catch(() => [])) {
      const path = join(this.tempDir, name);
      const info = await stat(path).catch(() => undefined);
      if (info?.isFile() && info.mtimeMs < cutoff) {
        await rm(path, { force: true });
        removed++;
      }
    }
    return removed;
  }

  /** The only way a path is built: from a validated GCID. */
  pathOf(key: string): string {
    return join(this.rootDir, this.relativePath(key));
  }

  relativePath(key: string): string {
    assertBlobKey(key);
    return `${key.slice(0, 2)}/${key.slice(2, 4)}/${key}`;
  }

  /**
   * Hard-links the finished temp file to its final name: atomic, and unlike rename
   * it fails with EEXIST instead of replacing a blob that another upload published.
   * Then the two must hold the same bytes: the key is a GCID, built on SHA-1, so
   * other bytes under the same key are a collision, refused (a read of both files,
   * paid only when an upload deduplicates; new content pays nothing).
   */
  private async publish(tempPath: string, key: string): Promise<boolean> {
    const finalPath = this.pathOf(key);
    const shardDir = dirname(finalPath);
    let firstCreated: string | undefined;
    for (;;) {
      if (!this.shards.has(shardDir)) {
        firstCreated = await mkdir(shardDir, { recursive: true });
      }
      try {
        await link(tempPath, finalPath);
        break;
      } catch (error) {
        const code = (error as NodeJS.ErrnoException).code;
        // The shard was known but is gone (removed by hand): make it again, once.
        if (code === "ENOENT" && this.shards.delete(shardDir)) continue;
        if (code !== "EEXIST") throw error;
        this.shards.add(shardDir);
        if (!(await sameBytes(tempPath, finalPath))) throw collisionRefused(key);
        return false;
      }
    }
    await syncDirectory(shardDir);
    if (firstCreated) {
      // Directories created just now must reach the disk too, or the blob could vanish on power loss.
      const stopAt = dirname(firstCreated);
      for (let dir = dirname(shardDir); ; dir = dirname(dir)) {
        await syncDirectory(dir);
        if (dir === stopAt || dir === dirname(dir)) break;
      }
    }
    // Only once its making reached the disk is a shard trusted without a mkdir.
    this.shards.add(shardDir);
    return true;
  }
}

async function shardsIn(dir: string): Promise<string[]> {
  const entries = await readdir(dir, { withFileTypes: true }).catch((error: NodeJS.ErrnoException) => {
    if (error.code === "ENOENT") return [];
    throw error;
  });
  return entries
    .filter((entry) => entry.isDirectory() && SHARD_PATTERN.test(entry.name))
    .map((entry) => entry.name)
    .sort();
}

const COMPARE_BYTES = 1024 * 1024;

/** True when both files hold exactly the same bytes. */
async function sameBytes(a: string, b: string): Promise<boolean> {
  const [left, right] = await Promise.all([open(a, "r"), open(b, "r")]);
  try {
    const [leftSize, rightSize] = await Promise.all([left.stat(), right.stat()]);
    if (leftSize.size !== rightSize.size) return false;
    const leftBuffer = Buffer.allocUnsafe(COMPARE_BYTES);
    const rightBuffer = Buffer.allocUnsafe(COMPARE_BYTES);
    for (let position = 0; position < leftSize.size; ) {
      const length = Math.min(COMPARE_BYTES, leftSize.size - position);
      const [l, r] = await Promise.all([
        left.read(leftBuffer, 0, length, position),
        right.read(rightBuffer, 0, length, position),
      ]);
      if (l.bytesRead !== length || r.bytesRead !== length) return false;
      if (!leftBuffer.subarray(0, length).equals(rightBuffer.subarray(0, length))) return false;
      position += length;
    }
    return true;
  } finally {
    await Promise.all([left.close(), right.close()]);
  }
}

async function syncDirectory(dir: string): Promise<void> {
  // Windows cannot open a directory for fsync; NTFS journals the metadata anyway.
  if (process.platform === "win32") return;
  const handle = await open(dir, "r");
  try {
    await handle.sync();
  } finally {
    await handle.close();
  }
}
