import type { Db } from "../../db/database.js";
import type { BlobPresence, StoredBytes } from "../accounting/stored-blobs.js";
import type { FileRow } from "../files/index.js";
import { commitUpload } from "./upload-commit.js";
import type { UploadRow } from "./uploads-repository.js";

/**
 * Commits the stored bytes of an upload that holds a reservation: the
 * reservation pays for them (so no separate limit applies), and the declared
 * hashes are checked against what the store computed.
 */
export function commitReservedUpload(
  db: Db,
  store: BlobPresence,
  upload: UploadRow,
  stored: StoredBytes,
  now: number,
  declaredHash: string | null = upload.declared_gcid,
): Promise<FileRow> {
  return commitUpload(
    db,
    {
      userId: upload.user_id,
      fileId: upload.file_id,
      uploadId: upload.id,
      stored,
      store,
      declaredHash,
      declaredSha256: upload.declared_sha256,
      limit: 0,
    },
    now,
  );
}
