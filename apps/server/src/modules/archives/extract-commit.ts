import { FILE_KIND } from "@nimbus/protocol";
import type { PutResult } from "../../blobs/blob-store.js";
import type { Config } from "../../config/config.js";
import type { Db } from "../../db/database.js";
import { newId } from "../../lib/ids.js";
import { chargeFromHold } from "../accounting/space-holds.js";
import { lockUser, storageLimit } from "../accounting/storage-accounting.js";
import { type BlobPresence, referenceStoredBlob } from "../accounting/stored-blobs.js";
import {
  type FileRow,
  type FilesRepository,
  FOLDER_MIME_TYPE,
  mimeTypeOf,
  NameAllocator,
  nameFields,
  validateName,
  withoutDeceptiveCharacters,
} from "../files/index.js";

/**
 * A name from an archive the drive accepts: deceptive characters dropped, forbidden
 * ones replaced, trimmed, at most 255 bytes.
 */
export function driveName(raw: string): string {
  try {
    return validateName(raw);
  } catch {
    let name = withoutDeceptiveCharacters(raw.normalize("NFC"))
      .replace(/[\\/]/g, "_")
      .replace(/\p{Cc}/gu, "_")
      .trim();
    while (Buffer.byteLength(name, "utf8") > 255) name = name.slice(0, -1);
    try {
      return validateName(name);
    } catch {
      return "unnamed";
    }
  }
}

interface Placement {
  userId: string;
  parentId: string;
  name: string;
  now: number;
}

/**
 * Adds extracted items to a drive, each in its own transaction under the
 * user's lock: a free name in the folder (`name (n)` when taken), and for a
 * file one more reference on its blob and the storage charge, out of the space
 * the extraction holds (`holdId`), any excess within the user's limit.
 */
export class ExtractCommit {
  constructor(
    private readonly db: Db,
    private readonly files: FilesRepository,
    private readonly quota: Config["quota"],
    private readonly store: BlobPresence,
  ) {}

  async addFolder(at: Placement): Promise<FileRow> {
    return this.db.transaction().execute(async (trx) => {
      await lockUser(trx, at.userId);
      const name = await new NameAllocator(trx, this.files, at.userId, at.parentId).allocate(at.name, true);
      const row = this.row(at, name, {
        kind: FILE_KIND.folder,
        size: 0,
        blob_gcid: null,
        mime_type: FOLDER_MIME_TYPE,
      });
      await this.files.insert(row, trx);
      return row;
    });
  }

  async addFile(at: Placement, stored: PutResult, holdId: string): Promise<FileRow> {
    return this.db.transaction().execute(async (trx) => {
      await lockUser(trx, at.userId);
      await referenceStoredBlob(trx, stored, at.now, this.store);
      const limit = await storageLimit(trx, at.userId, this.quota, at.now);
      await chargeFromHold(trx, holdId, at.userId, stored.size, limit);
      const name = await new NameAllocator(trx, this.files, at.userId, at.parentId).allocate(at.name, false);
      const row = this.row(at, name, {
        kind: FILE_KIND.file,
        size: stored.size,
        blob_gcid: stored.key,
        mime_type: mimeTypeOf(name),
      });
      await this.files.insert(row, trx);
      return row;
    });
  }

  private row(
    at: Placement,
    name: string,
    fields: Pick<FileRow, "kind" | "size" | "blob_gcid" | "mime_type">,
  ): FileRow {
    return {
      id: newId(at.now),
      user_id: at.userId,
      parent_id: at.parentId,
      ...nameFields(name),
      trash_path: null,
      phase: "PHASE_TYPE_COMPLETE",
      trashed_at: null,
      starred_at: null,
      created_at: at.now,
      modified_at: at.now,
      ...fields,
    };
  }
}
