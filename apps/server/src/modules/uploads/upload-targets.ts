import { FILE_KIND, NimbusError } from "@nimbus/protocol";
import type { Db } from "../../db/database.js";
import { isUniqueViolation } from "../../db/errors.js";
import { newId } from "../../lib/ids.js";
import {
  type FileRow,
  type FilesRepository,
  FOLDER_MIME_TYPE,
  mimeTypeOf,
  type NewFileRow,
  numberedName,
  splitName,
  validateName,
} from "../files/index.js";

const MAX_RENAME_ATTEMPTS = 1000;
/** Deepest folder path a relative-path upload may create. */
export const MAX_RELATIVE_DEPTH = 64;

/**
 * Where uploaded files land: the parent folder (checked, or created from a
 * relative path) and the pending file row under a free name.
 */
export class UploadTargets {
  constructor(
    private readonly db: Db,
    private readonly files: FilesRepository,
  ) {}

  /** The parent must be one of the caller's live folders ('' is the root). */
  async requireFolder(userId: string, id: string): Promise<void> {
    if (id === "") return;
    const folder = await this.files.findOwned(userId, id);
    if (!folder) throw new NimbusError("file_not_found", undefined, { metadata: { id } });
    if (folder.kind !== FILE_KIND.folder)
      throw new NimbusError("file_parent_invalid", "parent is not a folder");
    if (folder.trashed_at !== null) throw new NimbusError("file_in_trash");
  }

  /**
   * Splits a browser-style relative path (`photos/2024/a.jpg`) into its folder
   * names (validated) and checks that its last segment is the file's name.
   */
  folderSegments(relativePath: string, fileName: string): string[] {
    const segments = relativePath.split("/");
    const last = segments.pop();
    if (last === undefined || last.normalize("NFC") !== fileName) {
      throw new NimbusError("invalid_argument", "relative_path must end with the file's name", {
        metadata: { field: "relative_path" },
      });
    }
    if (segments.length > MAX_RELATIVE_DEPTH) {
      throw new NimbusError("invalid_argument", "relative_path is too deep", {
        metadata: { field: "relative_path" },
      });
    }
    return segments.map((segment) => validateName(segment));
  }

  /**
   * Walks `segments` down from `parentId`, reusing the live folder of each name
   * and creating the missing ones (never `name (1)`). Safe under concurrency: a
   * folder created by a racing upload makes our insert fail, and we take theirs.
   */
  async ensureFolders(
    userId: string,
    parentId: string,
    segments: readonly string[],
    now: number,
  ): Promise<string> {
    let current = parentId;
    for (const name of segments) current = (await this.folderNamed(userId, current, name, now)).id;
    return current;
  }

  /** Inserts the pending file `id` under `name`, or `name (n).ext` when taken (the drive's rename rule). */
  async insertPendingFile(
    id: string,
    userId: string,
    parentId: string,
    name: string,
    size: number,
    now: number,
  ): Promise<void> {
    let taken: Set<string> | undefined;
    for (let n = 0; n < MAX_RENAME_ATTEMPTS; n++) {
      const candidate = n === 0 ? name : numberedName(name, n, false);
      if (taken?.has(candidate)) continue;
      const row: NewFileRow = {
        id,
        user_id: userId,
        parent_id: parentId,
        kind: FILE_KIND.file,
        name: candidate,
        size,
        blob_gcid: null,
        mime_type: mimeTypeOf(candidate),
        phase: "PHASE_TYPE_PENDING",
        trashed_at: null,
        starred_at: null,
        created_at: now,
        modified_at: now,
      };
      try {
        await this.files.insert(row);
        return;
      } catch (error) {
        if (!isUniqueViolation(error)) throw error;
        taken ??= await this.files.liveNamesStartingWith(userId, parentId, splitName(name, false)[0]);
      }
    }
    throw new NimbusError("file_name_conflict");
  }

  private async folderNamed(userId: string, parentId: string, name: string, now: number): Promise<FileRow> {
    for (let attempt = 0; attempt < 3; attempt++) {
      const existing = await this.liveChild(userId, parentId, name);
      if (existing) {
        if (existing.kind !== FILE_KIND.folder) {
          throw new NimbusError("file_name_conflict", `"${name}" is a file, not a folder`, {
            metadata: { name },
          });
        }
        return existing;
      }
      const row: NewFileRow = {
        id: newId(now),
        user_id: userId,
        parent_id: parentId,
        kind: FILE_KIND.folder,
        name,
        size: 0,
        blob_gcid: null,
        mime_type: FOLDER_MIME_TYPE,
        phase: "PHASE_TYPE_COMPLETE",
        trashed_at: null,
        starred_at: null,
        created_at: now,
        modified_at: now,
      };
      try {
        await this.files.insert(row);
        return (await this.files.findOwned(userId, row.id)) as FileRow;
      } catch (error) {
        if (!isUniqueViolation(error)) throw error;
        // Someone created it first: loop and take theirs.
      }
    }
    throw new NimbusError("aborted", "the folder changed while it was being created");
  }

  private liveChild(userId: string, parentId: string, name: string): Promise<FileRow | undefined> {
    return this.db
      .selectFrom("files")
      .selectAll()
      .where("user_id", "=", userId)
      .where("parent_id", "=", parentId)
      .where("name", "=", name)
      .where("trashed_at", "is", null)
      .executeTakeFirst();
  }
}
