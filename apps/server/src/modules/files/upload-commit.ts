import { NimbusError } from "@nimbus/protocol";
import type { Transaction } from "kysely";
import type { Db } from "../../db/database.js";
import type { Tables } from "../../db/schema.js";
import type { FileRow } from "./files-repository.js";

type Trx = Transaction<Tables>;

/** What the blob store computed while the bytes went in. */
export interface StoredBytes {
  /** GCID, also the store key. */
  key: string;
  size: number;
  /** Lowercase hex. */
  sha256: string;
  /** False when the store already held these bytes (deduplicated): they may be on their way out. */
  created?: boolean;
}

/** Enough of the blob store to ask whether bytes are (still) there. */
export interface BlobPresence {
  head(key: string): Promise<unknown>;
}

interface Settlement {
  userId: string;
  fileId: string;
  /**
   * The active upload whose storage reservation pays for the bytes: it is settled
   * (reservation released, usage charged) in the same transaction. Without one the
   * bytes are charged against `limit`, counting every reservation.
   */
  uploadId?: string;
  limit: number;
}

export interface UploadCommit extends Settlement {
  stored: StoredBytes;
  store: BlobPresence;
  /** GCID the client declared, checked against the one computed from the bytes. */
  declaredHash?: string | null;
  /** SHA-256 the client declared (lowercase hex), checked likewise. */
  declaredSha256?: string | null;
}

export interface InstantCommit extends Settlement {
  gcid: string;
  size: number;
  /** When given, the blob's SHA-256 must equal it too (collision-safe dedup). */
  sha256?: string | null;
}

/**
 * The one place stored bytes become a file: in one transaction the blob gains
 * a reference, the owner's usage is charged (settling the upload's reservation),
 * and the file completes. Any failure leaves no trace but an unreferenced blob for GC.
 */
export async function commitUpload(db: Db, commit: UploadCommit, now: number): Promise<FileRow> {
  const { stored } = commit;
  if (commit.declaredHash && commit.declaredHash.toUpperCase() !== stored.key) {
    throw new NimbusError("file_hash_mismatch", "declared hash differs from the uploaded bytes");
  }
  if (commit.declaredSha256 && commit.declaredSha256.toLowerCase() !== stored.sha256) {
    throw new NimbusError("file_hash_mismatch", "declared SHA-256 differs from the uploaded bytes");
  }
  return db.transaction().execute(async (trx) => {
    await referenceStoredBlob(trx, stored, now, commit.store);
    await settle(trx, commit, stored.size);
    return completeFile(trx, commit, stored.key, stored.size, now);
  });
}

/**
 * Instant upload: the bytes are already stored. References the blob only when
 * its GCID, size (and SHA-256, when given) all match, in the same transaction
 * as the charge and the file's completion. Resolves to undefined, changing
 * nothing, when no such blob exists (any more).
 */
export async function commitInstantUpload(
  db: Db,
  commit: InstantCommit,
  now: number,
): Promise<FileRow | undefined> {
  return db.transaction().execute(async (trx) => {
    let referenced = trx
      .updateTable("blobs")
      .set((eb) => ({ ref_count: eb("ref_count", "+", 1), unreferenced_at: null }))
      .where("gcid", "=", commit.gcid)
      .where("size", "=", commit.size);
    if (commit.sha256) referenced = referenced.where("sha256", "=", commit.sha256);
    const result = await referenced.executeTakeFirst();
    if (result.numUpdatedRows === 0n) return undefined;
    await settle(trx, commit, commit.size);
    return completeFile(trx, commit, commit.gcid, commit.size, now);
  });
}

/**
 * Charges `bytes` of storage within `limit`, counting the bytes reserved for
 * uploads in progress, with one conditional UPDATE (`file_space_not_enough`
 * when they do not fit). For any module that adds bytes to a drive.
 */
export async function chargeStorage(
  db: Db | Trx,
  userId: string,
  bytes: number,
  limit: number,
): Promise<void> {
  const charged = await db
    .updateTable("users")
    .set((eb) => ({ storage_usage: eb("storage_usage", "+", bytes) }))
    .where("id", "=", userId)
    .where((eb) => eb(eb(eb("storage_usage", "+", eb.ref("storage_reserved")), "+", bytes), "<=", limit))
    .executeTakeFirst();
  if (charged.numUpdatedRows === 0n) throw new NimbusError("file_space_not_enough");
}

async function settle(trx: Trx, settlement: Settlement, size: number): Promise<void> {
  if (!settlement.uploadId) {
    await chargeStorage(trx, settlement.userId, size, settlement.limit);
    return;
  }
  // The reservation already made room for these bytes: move them from reserved to used.
  const upload = await trx
    .updateTable("uploads")
    .set({ state: "complete" })
    .where("id", "=", settlement.uploadId)
    .where("user_id", "=", settlement.userId)
    .where("state", "=", "active")
    .returning("size")
    .executeTakeFirst();
  if (!upload) throw new NimbusError("upload_not_found", "upload already settled or expired");
  if (Number(upload.size) !== size) throw new NimbusError("file_size_mismatch");
  await trx
    .updateTable("users")
    .set((eb) => ({
      storage_reserved: eb("storage_reserved", "-", size),
      storage_usage: eb("storage_usage", "+", size),
    }))
    .where("id", "=", settlement.userId)
    .execute();
}

async function completeFile(
  trx: Trx,
  settlement: Settlement,
  gcid: string,
  size: number,
  now: number,
): Promise<FileRow> {
  const file = await trx
    .updateTable("files")
    .set({ phase: "PHASE_TYPE_COMPLETE", blob_gcid: gcid, size, modified_at: now })
    .where("id", "=", settlement.fileId)
    .where("user_id", "=", settlement.userId)
    .where("phase", "=", "PHASE_TYPE_PENDING")
    .returningAll()
    .executeTakeFirst();
  if (!file) throw new NimbusError("upload_not_found", "upload already completed");
  return file;
}

/**
 * Adds one reference to the blob behind freshly stored bytes, creating its row
 * on first use, inside the caller's transaction. Same GCID but another SHA-256
 * or size is a SHA-1 collision: refused, never linked to someone else's bytes.
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
      oc
        .column("gcid")
        .doUpdateSet((eb) => ({ ref_count: eb("blobs.ref_count", "+", 1), unreferenced_at: null })),
    )
    .returning(["sha256", "size"])
    .executeTakeFirstOrThrow();
  if (blob.sha256 !== stored.sha256 || Number(blob.size) !== stored.size) {
    throw new NimbusError("data_loss", "content id collision refused");
  }
  // Deduplicated onto bytes that were already stored: GC may have deleted them between our
  // `put` and this reference (GC deletes bytes inside the transaction that drops the row, so
  // once we hold the reference, presence is settled). Missing bytes abort; a retry stores them.
  if (stored.created === false && !(await store.head(stored.key))) {
    throw new NimbusError("aborted", "the stored bytes were collected meanwhile; send them again");
  }
}
