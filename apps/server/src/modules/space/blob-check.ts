import type { BlobStore } from "../../blobs/blob-store.js";
import type { Db } from "../../db/database.js";

export interface BlobCheck {
  /** Blob rows something references (`ref_count > 0`). */
  referenced: number;
  /** Keys in the store. */
  stored: number;
  /** Referenced blobs whose bytes the store lacks: what a restore must bring back before opening. */
  missing: string[];
}

const BATCH = 1_000;

/**
 * Compares the database with the blob store after a restore (docs/deploy.md): every referenced
 * blob must have its bytes. Stored keys without a row are not reported (blob GC collects them
 * after its grace period). Holds the store's key list in memory: about 100 bytes a blob.
 */
export async function checkBlobs(db: Db, blobs: BlobStore): Promise<BlobCheck> {
  const stored = new Set<string>();
  for await (const key of blobs.list()) stored.add(key);
  const missing: string[] = [];
  let referenced = 0;
  let after = "";
  for (;;) {
    const rows = await db
      .selectFrom("blobs")
      .select("gcid")
      .where("ref_count", ">", 0)
      .where("gcid", ">", after)
      .orderBy("gcid")
      .limit(BATCH)
      .execute();
    for (const { gcid } of rows) if (!stored.has(gcid)) missing.push(gcid);
    referenced += rows.length;
    const last = rows.at(-1);
    if (!last || rows.length < BATCH) break;
    after = last.gcid;
  }
  return { referenced, stored: stored.size, missing };
}
