import { NimbusError } from "@nimbus/protocol";
import type { Transaction } from "kysely";
import type { Db } from "../../db/database.js";
import { isUniqueViolation } from "../../db/errors.js";
import type { Tables } from "../../db/schema.js";
import { chargeStorage } from "../accounting/storage-charges.js";
import { settleReservation } from "../accounting/storage-reservations.js";
import { type BlobPresence, referenceStoredBlob, type StoredBytes } from "../accounting/stored-blobs.js";
import type { FileRow, FilesRepository, NewFileRow } from "../files/index.js";

type Trx = Transaction<Tables>;

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
  /** The file's modification time (ms) when its client gave one; else the commit's time. */
  modifiedAt?: number;
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
  // Checked when the store computed it (form uploads, S3); adopted uploads leave SHA-256 to the first claim.
  if (commit.declaredSha256 && stored.sha256 && commit.declaredSha256.toLowerCase() !== stored.sha256) {
    throw new NimbusError("file_hash_mismatch", "declared SHA-256 differs from the uploaded bytes");
  }
  return db.transaction().execute(async (trx) => {
    await referenceStoredBlob(trx, stored, now, commit.store);
    await settle(trx, commit, stored.size);
    return completeFile(trx, commit, stored.key, stored.size, now);
  });
}

export interface NewFileCommit {
  /** The file as it will stand, complete: its exact name, blob and size. */
  file: NewFileRow & { blob_gcid: string };
  stored: StoredBytes;
  store: BlobPresence;
  limit: number;
}

/**
 * Stored bytes become a new file under its exact name in one transaction: the blob gains a
 * reference, the owner's usage is charged against `limit`, the file is inserted complete and
 * `alsoInside` runs (the `upload` event): one commit where a pending file takes three.
 * Resolves to undefined, changing nothing, when a live file already has the name: the caller
 * then names it as any upload (`UploadTargets.insertPendingFile`).
 */
export async function commitNewFile(
  db: Db,
  files: FilesRepository,
  commit: NewFileCommit,
  now: number,
  alsoInside: (trx: Trx, row: FileRow) => Promise<void>,
): Promise<FileRow | undefined> {
  const { file, stored } = commit;
  try {
    return await db.transaction().execute(async (trx) => {
      await referenceStoredBlob(trx, stored, now, commit.store);
      await chargeStorage(trx, file.user_id, stored.size, commit.limit);
      const row = await files.inserted(file, trx);
      await alsoInside(trx, row);
      return row;
    });
  } catch (error) {
    if (isUniqueViolation(error)) return undefined;
    throw error;
  }
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

async function settle(trx: Trx, settlement: Settlement, size: number): Promise<void> {
  if (!settlement.uploadId) {
    await chargeStorage(trx, settlement.userId, size, settlement.limit);
    return;
  }
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
  await settleReservation(trx, settlement.userId, size);
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
    .set({ phase: "PHASE_TYPE_COMPLETE", blob_gcid: gcid, size, modified_at: settlement.modifiedAt ?? now })
    .where("id", "=", settlement.fileId)
    .where("user_id", "=", settlement.userId)
    .where("phase", "=", "PHASE_TYPE_PENDING")
    .returningAll()
    .executeTakeFirst();
  if (!file) throw new NimbusError("upload_not_found", "upload already completed");
  return file;
}
