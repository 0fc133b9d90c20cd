import type { Readable } from "node:stream";
import {
  type About,
  type CreateFileRequest,
  DEFAULT_PAGE_LIMIT,
  type DriveFile,
  type DriveFileList,
  FILE_KIND,
  type FileOrder,
  NimbusError,
  type PlaybackPosition,
  type ThumbnailSize,
} from "@nimbus/protocol";
import type { BlobStore, ByteRange } from "../../blobs/blob-store.js";
import type { Config } from "../../config/config.js";
import type { Db } from "../../db/database.js";
import { isUniqueViolation } from "../../db/errors.js";
import type { Clock } from "../../lib/clock.js";
import { foldName } from "../../lib/fold-name.js";
import { newId } from "../../lib/ids.js";
import { storageLimit } from "../accounting/storage-accounting.js";
import type { DriveEvents } from "../events/drive-events.js";
import type { DownloadLinks, LinkHolder } from "../links/download-links.js";
import type { BlobPreview } from "../previews/preview-store.js";
import type { UserRow, UsersRepository } from "../users/users-repository.js";
import { type ListScope, listPage } from "./file-listing.js";
import { type PresentOptions, presentFile } from "./file-presenter.js";
import type { FileRow, FilesRepository } from "./files-repository.js";
import { type FileFilters, parseFilters } from "./filters.js";
import { FOLDER_MIME_TYPE } from "./mime.js";
import { numberedName, splitName, validateName } from "./names.js";
import { eventOf } from "./ops/context.js";
import { decodePageToken, encodePageToken } from "./page-token.js";
import { sortSpec } from "./sort-orders.js";

const MAX_RENAME_ATTEMPTS = 1000;

export interface FilesServiceDeps {
  db: Db;
  files: FilesRepository;
  users: UsersRepository;
  blobs: BlobStore;
  links: DownloadLinks;
  clock: Clock;
  config: Pick<Config, "publicUrl" | "quota" | "space">;
  /** The activity feed (folder creation). */
  events?: DriveEvents;
  /** Thumbnails and media facts per blob, for `thumbnail_link` and `medias` (modules/previews). */
  previews?: PreviewLookup;
  /** Where the owner stopped playing, for `playback_position` (modules/playback). */
  positions?: PositionLookup;
}

export interface PreviewLookup {
  lookup(gcids: readonly string[]): Promise<ReadonlyMap<string, BlobPreview>>;
}

export interface PositionLookup {
  lookup(userId: string, fileIds: readonly string[]): Promise<ReadonlyMap<string, PlaybackPosition>>;
}

/** `parent_id=*`: the whole drive (search, starred, categories). */
export const ALL_FOLDERS = "*";

export interface ListQuery {
  parentId: string;
  limit?: number;
  pageToken?: string;
  filters?: string;
  order?: FileOrder;
  pinFoldersTop?: boolean;
  thumbnailSize?: ThumbnailSize;
}

export interface CreatedFile {
  file: DriveFile;
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
        limit: String(await this.storageLimit(userId)),
        usage: String(user.storage_usage),
        usage_in_trash: String(inTrash),
      },
      trash_retention_days: this.deps.config.space.trashRetentionMs / 86_400_000,
    };
  }

  async get(userId: string, id: string, thumbnailSize?: ThumbnailSize): Promise<DriveFile> {
    const row = await this.requireFile(userId, id);
    return (await this.presentMany([row], thumbnailSize))[0] as DriveFile;
  }

  async list(userId: string, q: ListQuery): Promise<DriveFileList> {
    const filters = parseFilters(q.filters);
    const spec = sortSpec(q.order);
    const pinned = q.pinFoldersTop ?? true;
    const cursor = decodePageToken(q.pageToken, spec, pinned);
    const scope = await this.listScope(userId, q.parentId, filters);
    const page = await listPage(this.deps.db, {
      userId,
      scope,
      filters,
      spec,
      pinned,
      cursor,
      limit: q.limit ?? DEFAULT_PAGE_LIMIT,
    });
    return {
      kind: "drive#fileList",
      files: await this.presentMany(page.rows, q.thumbnailSize),
      next_page_token: page.next ? encodePageToken(page.next) : "",
    };
  }

  /**
   * `parent_id` '' is the root and `*` the whole drive; with `trashed` eq true
   * both mean the top level of the trash, and a trashed folder's id lists its content.
   */
  private async listScope(userId: string, parentId: string, filters: FileFilters): Promise<ListScope> {
    if (filters.trashed === true && (parentId === "" || parentId === ALL_FOLDERS)) return { kind: "trash" };
    if (parentId === ALL_FOLDERS) return { kind: "drive" };
    if (parentId !== "") {
      const folder = await this.requireFile(userId, parentId);
      if (folder.kind !== FILE_KIND.folder)
        throw new NimbusError("file_parent_invalid", "parent is not a folder");
      if (folder.trashed_at !== null && filters.trashed !== true) throw new NimbusError("file_in_trash");
    }
    return { kind: "folder", parentId };
  }

  /** Creates a folder (files start an upload: modules/uploads). */
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
      await this.deps.events?.record([eventOf(row, "create_folder")]);
      return { file: (await this.presentPlain([row]))[0] as DriveFile };
    }
    // Files are started by UploadService (modules/uploads), which the route sends them to.
    throw new NimbusError("invalid_argument", "files are created through uploads", {
      metadata: { field: "kind" },
    });
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

  /** The user's storage limit now (membership ledger: free or premium quota plus storage packs). */
  storageLimit(userId: string): Promise<number> {
    return storageLimit(this.deps.db, userId, this.deps.config.quota, this.deps.clock.now());
  }

  /** Rows of one owner as `drive#file`s with signed links for that owner (no thumbnails or medias). */
  async presentPlain(rows: readonly FileRow[]): Promise<DriveFile[]> {
    const options = this.presentOptions(await this.holderOf(rows));
    return rows.map((row) => presentFile(row, options));
  }

  /**
   * Rows of one owner as `drive#file`s with their thumbnails, medias and the owner's playback
   * positions (one preview query and at most one position query for all).
   */
  async presentMany(rows: readonly FileRow[], thumbnailSize?: ThumbnailSize): Promise<DriveFile[]> {
    const [previews, positions] = await Promise.all([this.previewsOf(rows), this.positionsOf(rows)]);
    const options = this.presentOptions(await this.holderOf(rows), previews, thumbnailSize);
    if (positions && positions.size > 0) options.positions = positions;
    return rows.map((row) => presentFile(row, options));
  }

  /** The options of a whole page (one time for all its links). */
  private presentOptions(
    holder: LinkHolder,
    previews?: ReadonlyMap<string, BlobPreview>,
    thumbnailSize?: ThumbnailSize,
  ): PresentOptions {
    return {
      publicUrl: this.deps.config.publicUrl,
      links: this.deps.links,
      now: this.deps.clock.now(),
      holder,
      trashRetentionMs: this.deps.config.space.trashRetentionMs,
      ...(previews && { previews }),
      ...(thumbnailSize && { thumbnailSize }),
    };
  }

  /** The owner's links: they die when the owner signs out everywhere or changes the password. */
  private async holderOf(rows: readonly FileRow[]): Promise<LinkHolder> {
    const userId = rows[0]?.user_id ?? "";
    return { userId, generation: userId ? await this.deps.users.sessionGeneration(userId) : 0 };
  }

  private async previewsOf(rows: readonly FileRow[]): Promise<ReadonlyMap<string, BlobPreview> | undefined> {
    const gcids = rows.flatMap((row) => (row.blob_gcid ? [row.blob_gcid] : []));
    return gcids.length > 0 ? this.deps.previews?.lookup(gcids) : undefined;
  }

  /** Positions only for audio and video: a page of documents asks nothing. */
  private async positionsOf(
    rows: readonly FileRow[],
  ): Promise<ReadonlyMap<string, PlaybackPosition> | undefined> {
    const lookup = this.deps.positions;
    const userId = rows[0]?.user_id;
    if (!lookup || !userId) return undefined;
    const ids = rows.flatMap((row) => (isPlayable(row.mime_type) && row.blob_gcid ? [row.id] : []));
    return ids.length > 0 ? lookup.lookup(userId, ids) : undefined;
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
    ) => Omit<
      FileRow,
      | "id"
      | "user_id"
      | "parent_id"
      | "blob_gcid"
      | "trashed_at"
      | "starred_at"
      | "name_folded"
      | "trash_path"
    >,
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
        trash_path: null,
        ...fields(candidate, now),
        name_folded: foldName(candidate),
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

const isPlayable = (mimeType: string) => mimeType.startsWith("video/") || mimeType.startsWith("audio/");
