import { createHash } from "node:crypto";
import { Readable } from "node:stream";
import { BlockSha256Hasher, GcidHasher, NimbusError } from "@nimbus/protocol";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import type { BlobStore } from "../../blobs/blob-store.js";
import { type Database, openDatabase } from "../../db/database.js";
import { InstantUploads } from "./instant-uploads.js";
import { UploadsRepository } from "./uploads-repository.js";

const bytes = Buffer.alloc(600 * 1024, 7).fill(9, 300 * 1024);
const gcid = (() => {
  const hasher = new GcidHasher(bytes.length, () => createHash("sha1"));
  hasher.update(bytes);
  return hasher.digest();
})();
const blockSha256 = (() => {
  const hasher = new BlockSha256Hasher(bytes.length, () => createHash("sha256"));
  hasher.update(bytes);
  return hasher.digest();
})();
const sha256 = createHash("sha256").update(bytes).digest("hex");

describe("InstantUploads.matches: block SHA-256 (decision 0071) and SHA-256 (0009)", () => {
  let database: Database;
  let reads = 0;
  const blobs = {
    get: async (key: string) => {
      if (key !== gcid) throw new NimbusError("not_found", "no such blob");
      reads++;
      return Readable.from([bytes.subarray(0, 100_000), bytes.subarray(100_000)]);
    },
  } as unknown as BlobStore;
  let instant: InstantUploads;

  // Each test starts from a blob whose hashes were never computed, and counts its own reads.
  beforeEach(async () => {
    reads = 0;
    database = await openDatabase({ kind: "sqlite", file: ":memory:" });
    await database.migrate();
    await database.db
      .insertInto("blobs")
      .values({
        gcid,
        size: bytes.length,
        sha256: null,
        crc32: null,
        block_sha256: null,
        ref_count: 1,
        created_at: 0,
      })
      .execute();
    instant = new InstantUploads(database.db, blobs, new UploadsRepository(database.db));
  });
  afterEach(() => database.close());

  const stored = () =>
    database.db
      .selectFrom("blobs")
      .select(["sha256", "block_sha256"])
      .where("gcid", "=", gcid)
      .executeTakeFirstOrThrow();

  it("computes a blob's block SHA-256 from its bytes once, keeps it, and matches on it", async () => {
    const [first, second] = await Promise.all([
      instant.matches(gcid, bytes.length, { blockSha256: blockSha256.toUpperCase() }),
      instant.matches(gcid, bytes.length, { blockSha256 }),
    ]);
    expect([first, second]).toEqual([true, true]);
    expect(reads).toBe(1);
    expect(await stored()).toEqual({ sha256: null, block_sha256: blockSha256 });
    expect(await instant.matches(gcid, bytes.length, { blockSha256 })).toBe(true);
    expect(reads).toBe(1);
  });

  it("refuses a different block SHA-256, whatever else agrees", async () => {
    expect(await instant.matches(gcid, bytes.length, { blockSha256: sha256 })).toBe(false);
    expect(await instant.matches(gcid, bytes.length, { blockSha256: "0".repeat(64), sha256 })).toBe(false);
  });

  it("still matches an older client's whole-file SHA-256, and both together", async () => {
    expect(await instant.matches(gcid, bytes.length, { sha256 })).toBe(true);
    expect(await instant.matches(gcid, bytes.length, { sha256, blockSha256 })).toBe(true);
    expect(await instant.matches(gcid, bytes.length, { sha256: blockSha256 })).toBe(false);
    expect(await stored()).toEqual({ sha256, block_sha256: blockSha256 });
  });

  it("does not match another size or an unknown GCID", async () => {
    expect(await instant.matches(gcid, bytes.length + 1, { blockSha256 })).toBe(false);
    expect(await instant.matches("0".repeat(40), bytes.length, { blockSha256 })).toBe(false);
  });
});
