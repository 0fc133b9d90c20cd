import type { Db } from "../../db/database.js";
import type { BlobPresence, StoredBytes } from "../accounting/stored-blobs.js";
import type { FileRow } from "../files/index.js";
import { commitUpload } from "./upload-commit.js";
import type { UploadRow } from "./uploads-repository.js";

/**
 * Commits the stored bytes of an upload that holds a reservation: the
 * reservation pays for them (so no separate limit applies), and the declared
 * hashes are checked against what the store computed. `modifiedAt` (ms) is the client's
 * time of the file (WebDAV's `X-OC-Mtime`), else the file is modified now.
 */
export function commitReservedUpload(
  db: Db,
  store: BlobPresence,
  upload: UploadRow,
  stored: StoredBytes,
  now: number,
  options: { declaredHash?: string | null; modifiedAt?: number | undefined } = {},
): Promise<FileRow> {
  return commitUpload(
    db,
    {
      userId: upload.user_id,
      fileId: upload.file_id,
      uploadId: upload.id,
      stored,
      store,
      declaredHash: options.declaredHash === undefined ? upload.declared_gcid : options.declaredHash,
      declaredSha256: upload.declared_sha256,
      limit: 0,
      ...(options.modifiedAt !== undefined && { modifiedAt: options.modifiedAt }),
    },
    now,
  );
}
