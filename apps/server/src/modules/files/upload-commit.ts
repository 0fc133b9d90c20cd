import { NimbusError } from "@nimbus/protocol";
import type { PutResult } from "../../blobs/blob-store.js";
import type { Db } from "../../db/database.js";
import type { FileRow } from "./files-repository.js";

export interface UploadCommit {
  userId: string;
  fileId: string;
  stored: PutResult;
  /** GCID the client declared, checked against the one computed from the bytes. */
  declaredHash?: string;
  limit: number;
}

/**
 * The one place stored bytes become a file: in one transaction the blob gains
 * a reference, the owner's usage is charged within their limit, and the file
 * completes. Any failure leaves no trace but an unreferenced blob for GC.
 */
export async function commitUpload(db: Db, commit: UploadCommit, now: number): Promise<FileRow> {
  const { stored } = commit;
  if (commit.declaredHash && commit.declaredHash.toUpperCase() !== stored.key) {
    throw new NimbusError("file_hash_mismatch", "declared hash differs from the uploaded bytes");
  }
  return db.transaction().execute(async (trx) => {
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
    // Same GCID, different SHA-256: a SHA-1 collision. Never link someone else's bytes.
    if (blob.sha256 !== stored.sha256 || Number(blob.size) !== stored.size) {
      throw new NimbusError("data_loss", "content id collision refused");
    }
    const charged = await trx
      .updateTable("users")
      .set((eb) => ({ storage_usage: eb("storage_usage", "+", stored.size) }))
      .where("id", "=", commit.userId)
      .where((eb) => eb(eb("storage_usage", "+", stored.size), "<=", commit.limit))
      .executeTakeFirst();
    if (charged.numUpdatedRows === 0n) throw new NimbusError("file_space_not_enough");
    const file = await trx
      .updateTable("files")
      .set({ phase: "PHASE_TYPE_COMPLETE", blob_gcid: stored.key, size: stored.size, modified_at: now })
      .where("id", "=", commit.fileId)
      .where("user_id", "=", commit.userId)
      .where("phase", "=", "PHASE_TYPE_PENDING")
      .returningAll()
      .executeTakeFirst();
    if (!file) throw new NimbusError("upload_not_found", "upload already completed");
    return file;
  });
}
