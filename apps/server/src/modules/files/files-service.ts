import type { Readable } from "node:stream";
import {
  type About,
  type CreateFileRequest,
  DEFAULT_PAGE_LIMIT,
  type DriveFile,
  type DriveFileList,
  FILE_KIND,
  NimbusError,
} from "@nimbus/protocol";
import type { BlobStore, ByteRange } from "../../blobs/blob-store.js";
import type { Config } from "../../config/config.js";
import type { Db } from "../../db/database.js";
import { isUniqueViolation } from "../../db/errors.js";
import type { Clock } from "../../lib/clock.js";
import { newId } from "../../lib/ids.js";
import type { UserRow, UsersRepository } from "../users/users-repository.js";
import type { DownloadLinks } from "./download-links.js";
import { presentFile } from "./file-presenter.js";
import type { FileRow, FilesRepository } from "./files-repository.js";
import { parseFilters } from "./filters.js";
import { FOLDER_MIME_TYPE, mimeTypeOf } from "./mime.js";
import { numberedName, splitName, validateName } from "./names.js";
import { decodePageToken, encodePageToken } from "./page-token.js";
import { commitUpload, type UploadCommit } from "./upload-commit.js";

/** Largest file accepted by `UPLOAD_TYPE_FORM`; bigger files go through resumable uploads. */
export const FORM_UPLOAD_MAX_BYTES = 100 * 1024 * 1024;
const MAX_RENAME_ATTEMPTS = 1000;

export interface FilesServiceDeps {
  db: Db;
  files: FilesRepository;
  users: UsersRepository;
  blobs: BlobStore;
  links: DownloadLinks;
  clock: Clock;
  config: Pick<Config, "publicUrl" | "quota">;
}

export interface CreatedFile {
  file: DriveFile;
  form?: { url: string; maxSize: number };
}

export class FilesService {
  constructor(private readonly deps: FilesServiceDeps) {}

  async about(userId: string): Promise<About> {
    const user = await this.requireUser(userId);
    const inTrash = await this.deps.files.trashedUsage(userId);
    return {
      kind: "drive#about",
      quota: {
        kind: "drive#quota",
        limit: String(this.storageLimit(user)),
        usage: String(user.storage_usage),
        usage_in_trash: String(inTrash),
      },
    };
  }

  async get(userId: string, id: string): Promise<DriveFile> {
    return this.present(await this.requireFile(userId, id));
  }

  async list(
    userId: string,
    q: { parentId: string; limit?: number; pageToken?: string; filters?: string },
  ): Promise<DriveFileList> {
    const filters = parseFilters(q.filters);
    const after = decodePageToken(q.pageToken);
    if (q.parentId !== "") await this.requireFolder(userId, q.parentId);
    const limit = q.limit ?? DEFAULT_PAGE_LIMIT;
    const rows = await this.deps.files.listChildren({
      userId,
      parentId: q.parentId,
      filters,
      after,
      limit: limit + 1,
    });
    const page = rows.slice(0, limit);
    const last = page.at(-1);
    return {
      kind: "drive#fileList",
      files: page.map((row) => this.present(row)),
      next_page_token: rows.length > limit && last ? encodePageToken(last) : "",
    };
  }

  /** Creates a folder, or a pending file awaiting its bytes through a form upload. */
  async create(userId: string, request: CreateFileRequest): Promise<CreatedFile> {
    const name = validateName(request.name);
    if (request.parent_id !== "") await this.requireFolder(userId, request.parent_id);
    if (request.kind === FILE_KIND.folder) {
      const row = await this.insertUnique(userId, request.parent_id, name, true, (finalName, now) => ({
        kind: FILE_KIND.folder,
        name: finalName,
        size: 0,
        mime_type: FOLDER_MIME_TYPE,
        phase: "PHASE_TYPE_COMPLETE",
        created_at: now,
        modified_at: now,
      }));
      return { file: this.present(row) };
    }
    const uploadType = request.upload_type ?? "UPLOAD_TYPE_FORM";
    if (uploadType !== "UPLOAD_TYPE_FORM") {
      throw new NimbusError("unimplemented", `${uploadType} is not available yet`);
    }
    const size = request.size === undefined ? undefined : Number(request.size);
    if (size === undefined || !Number.isSafeInteger(size)) {
      throw new NimbusError("invalid_argument", "size is required", { metadata: { field: "size" } });
    }
    if (size > FORM_UPLOAD_MAX_BYTES) {
      throw new NimbusError("file_too_large", "too large for a form upload", {
        params: { limit: FORM_UPLOAD_MAX_BYTES },
      });
    }
    const user = await this.requireUser(userId);
    if (user.storage_usage + size > this.storageLimit(user)) throw new NimbusError("file_space_not_enough");
    const row = await this.insertUnique(userId, request.parent_id, name, false, (finalName, now) => ({
      kind: FILE_KIND.file,
      name: finalName,
      size,
      mime_type: mimeTypeOf(finalName),
      phase: "PHASE_TYPE_PENDING",
      created_at: now,
      modified_at: now,
    }));
    return {
      file: this.present(row),
      form: { url: `${this.deps.config.publicUrl}/drive/v1/upload/form/${row.id}`, maxSize: size },
    };
  }

  /** Streams the bytes of a pending form upload into the blob store and completes the file. */
  async receiveFormUpload(userId: string, fileId: string, body: Readable, hash?: string): Promise<DriveFile> {
    const file = await this.deps.files.findOwned(userId, fileId);
    if (!file || file.kind !== FILE_KIND.file) throw new NimbusError("file_not_found");
    if (file.phase !== "PHASE_TYPE_PENDING")
      throw new NimbusError("upload_not_found", "upload already completed");
    const stored = await this.deps.blobs.put(body, { size: file.size });
    const user = await this.requireUser(userId);
    const commit: UploadCommit = {
      userId,
      fileId,
      stored,
      declaredHash: hash,
      limit: this.storageLimit(user),
    };
    const row = await commitUpload(this.deps.db, commit, this.deps.clock.now());
    return this.present(row);
  }

  /** Opens the bytes behind a signed download link (the signature is checked by the caller). */
  async openDownload(
    fileId: string,
  ): Promise<{ file: FileRow; open: (range?: ByteRange) => Promise<Readable> }> {
    const file = await this.deps.db
      .selectFrom("files")
      .selectAll()
      .where("id", "=", fileId)
      .executeTakeFirst();
    if (
      !file ||
      file.trashed_at !== null ||
      file.phase !== "PHASE_TYPE_COMPLETE" ||
      file.blob_gcid === null
    ) {
      throw new NimbusError("file_not_found");
    }
    const gcid = file.blob_gcid;
    return { file, open: (range) => this.deps.blobs.get(gcid, range) };
  }

  storageLimit(user: UserRow): number {
    return user.vip_type === "novip"
      ? this.deps.config.quota.freeStorageBytes
      : this.deps.config.quota.premiumStorageBytes;
  }

  private present(row: FileRow): DriveFile {
    return presentFile(row, {
      publicUrl: this.deps.config.publicUrl,
      links: this.deps.links,
      now: this.deps.clock.now(),
    });
  }

  private async requireUser(userId: string): Promise<UserRow> {
    const user = await this.deps.users.findById(userId);
    if (!user) throw new NimbusError("unauthenticated", "account no longer exists");
    return user;
  }

  private async requireFile(userId: string, id: string): Promise<FileRow> {
    const file = await this.deps.files.findOwned(userId, id);
    if (!file) throw new NimbusError("file_not_found", undefined, { metadata: { id } });
    return file;
  }

  private async requireFolder(userId: string, id: string): Promise<FileRow> {
    const folder = await this.requireFile(userId, id);
    if (folder.kind !== FILE_KIND.folder)
      throw new NimbusError("file_parent_invalid", "parent is not a folder");
    if (folder.trashed_at !== null) throw new NimbusError("file_in_trash");
    return folder;
  }

  /** Inserts under `name`, or `name (n)` when taken (the drive's auto-rename rule). */
  private async insertUnique(
    userId: string,
    parentId: string,
    name: string,
    isFolder: boolean,
    fields: (
      finalName: string,
      now: number,
    ) => Omit<FileRow, "id" | "user_id" | "parent_id" | "blob_gcid" | "trashed_at" | "starred_at">,
  ): Promise<FileRow> {
    let taken: Set<string> | undefined;
    for (let n = 0; n < MAX_RENAME_ATTEMPTS; n++) {
      const candidate = n === 0 ? name : numberedName(name, n, isFolder);
      if (taken?.has(candidate)) continue;
      const now = this.deps.clock.now();
      const row: FileRow = {
        id: newId(now),
        user_id: userId,
        parent_id: parentId,
        blob_gcid: null,
        trashed_at: null,
        starred_at: null,
        ...fields(candidate, now),
      };
      try {
        await this.deps.files.insert(row);
        return row;
      } catch (error) {
        if (!isUniqueViolation(error)) throw error;
        taken ??= await this.deps.files.liveNamesStartingWith(userId, parentId, splitName(name, isFolder)[0]);
      }
    }
    throw new NimbusError("file_name_conflict");
  }
}
