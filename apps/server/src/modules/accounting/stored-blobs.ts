import { NimbusError } from "@nimbus/protocol";
import type { Db } from "../../db/database.js";

/** What the blob store computed while the bytes went in. */
export interface StoredBytes {
  /** GCID, also the store key. */
  key: string;
  size: number;
  /** Lowercase hex; null when not computed (an adopted upload: the first claim that needs it computes it). */
  sha256: string | null;
  /** False when the store already held these bytes (deduplicated): they may be on their way out. */
  created?: boolean;
}

/**
 * Makes sure stored bytes have their blob row, unreferenced (a GC candidate from `now`) when
 * new; an existing row is left as it is. The caller adds the references it makes (thumbnails),
 * in the same transaction (`addBlobReferences`).
 */
export async function registerStoredBlob(db: Db, stored: StoredBytes, now: number): Promise<void> {
  await db
    .insertInto("blobs")
    .values({
      gcid: stored.key,
      sha256: stored.sha256,
      size: stored.size,
      ref_count: 0,
      created_at: now,
      unreferenced_at: now,
    })
    .onConflict((oc) => oc.column("gcid").doNothing())
    .execute();
}

/** Enough of the blob store to ask whether bytes are (still) there. */
export interface BlobPresence {
  head(key: string): Promise<unknown>;
}

/**
 * Adds one reference to the blob behind freshly stored bytes, creating its row
 * on first use, inside the caller's transaction. Same GCID but another size, or
 * another SHA-256 where both are known, is a SHA-1 collision: refused, never
 * linked to someone else's bytes (a local store compares the bytes themselves
 * before answering `created: false`). A row without SHA-256 learns it from bytes
 * this commit put under the key.
 */
export async function referenceStoredBlob(
  trx: Db,
  stored: StoredBytes,
  now: number,
  store: BlobPresence,
): Promise<void> {
  const blob = await trx
    .insertInto("blobs")
    .values({
      gcid: stored.key,
      sha256: stored.sha256,
      size: stored.size,
      ref_count: 1,
      created_at: now,
      unreferenced_at: null,
    })
    .onConflict((oc) =>
      oc.column("gcid").doUpdateSet((eb) => ({
        ref_count: eb("blobs.ref_count", "+", 1),
        unreferenced_at: null,
        // Only bytes this commit stored may teach the row their SHA-256 (deduplicated ones are someone else's).
        ...(stored.created !== false && stored.sha256 !== null
          ? { sha256: eb.fn.coalesce("blobs.sha256", eb.val(stored.sha256)) }
          : {}),
      })),
    )
    .returning(["sha256", "size"])
    .executeTakeFirstOrThrow();
  const shaDiffers = blob.sha256 !== null && stored.sha256 !== null && blob.sha256 !== stored.sha256;
  if (shaDiffers || Number(blob.size) !== stored.size) {
    throw new NimbusError("data_loss", "content id collision refused");
  }
  // Deduplicated onto bytes that were already stored: GC may have deleted them between our
  // `put` and this reference (GC deletes bytes inside the transaction that drops the row, so
  // once we hold the reference, presence is settled). Missing bytes abort; a retry stores them.
  if (stored.created === false && !(await store.head(stored.key))) {
    throw new NimbusError("aborted", "the stored bytes were collected meanwhile; send them again");
  }
}
