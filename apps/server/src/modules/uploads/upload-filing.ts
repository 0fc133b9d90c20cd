import { rm } from "node:fs/promises";
import { Readable } from "node:stream";
import { type DriveFile, FILE_KIND, GcidHasher, NimbusError } from "@nimbus/protocol";
import { type BlobStore, sha1Factory } from "../../blobs/blob-store.js";
import type { Config } from "../../config/config.js";
import type { Db } from "../../db/database.js";
import type { Clock } from "../../lib/clock.js";
import { newId } from "../../lib/ids.js";
import type { StoredBytes } from "../accounting/stored-blobs.js";
import type { NewEvent } from "../events/drive-events.js";
import { type FileRow, type FilesRepository, mimeTypeOf, validateName } from "../files/index.js";
import type { Locks } from "../locks/locks.js";
import type { UsersRepository } from "../users/users-repository.js";
import { commitReservedUpload } from "./commit-reserved-upload.js";
import { CHALLENGE_TTL_MS, InstantUploads } from "./instant-uploads.js";
import { ResumableUploads } from "./resumable-uploads.js";
import { commitNewFile, commitUpload } from "./upload-commit.js";
import { UploadTargets } from "./upload-targets.js";
import { type UploadKind, type UploadRow, UploadsRepository } from "./uploads-repository.js";

/** What uploads need of the files module: presenting a file, and a user's storage limit. */
export interface DriveFiles {
  get(userId: string, id: string): Promise<DriveFile>;
  storageLimit(userId: string): Promise<number>;
}

/**
 * How long an instant-upload claim (a resumable upload with a declared hash) is kept when its
 * challenge is never answered and no tus request comes: the challenge's lifetime and a margin.
 * Then the `uploads.expire` job drops its pending file and reservation (decision 0065).
 */
export const CLAIM_TTL_MS = CHALLENGE_TTL_MS + 5 * 60 * 1000;

export interface UploadServiceDeps {
  db: Db;
  files: FilesRepository;
  users: UsersRepository;
  drive: DriveFiles;
  blobs: BlobStore;
  clock: Clock;
  config: Pick<Config, "publicUrl" | "uploads">;
  /** Serialise the tus requests of one upload, across nodes with Redis. */
  locks: Locks;
  /** The activity feed: every completed upload records an `upload` event. */
  events?: { record(events: readonly NewEvent[], db?: Db): Promise<void> };
  /** Called once a file's bytes are committed (thumbnails and media info are made from it). */
  onFileCompleted?: (file: FileRow) => Promise<void>;
  /** Told when a write found the volume full (the spare file is released). */
  onStorageFull?: () => Promise<void>;
}

export interface UploadStart {
  parentId: string;
  /** Folders to walk down (and create) from `parentId`. */
  folders: string[];
  name: string;
  size: number;
  kind: UploadKind;
  gcid: string | null;
  sha256: string | null;
  /** Block SHA-256 the client declared (decision 0071), matched by an instant-upload claim. */
  blockSha256?: string | null;
  /** The user's storage limit when the caller just read it (`spaceLeft`): not read again. */
  limit?: number;
}

/** Where a file the server stores itself goes, its size, and the client's time (ms, WebDAV's `X-OC-Mtime`). */
export interface FilingTarget {
  parentId: string;
  folders: string[];
  name: string;
  size: number;
  modifiedAt?: number;
  /** The storage limit `spaceLeft` answered for this request. */
  limit?: number;
  /** A file holds the name already (a WebDAV `PUT` replacing it): filed under a free name at once. */
  nameTaken?: boolean;
}

/**
 * How every upload becomes a file: its size reserved first (so concurrent uploads never
 * overbook the quota), its pending file named, its bytes committed, its event recorded. Here
 * too the files whose bytes the server holds itself — a cloud download's, a WebDAV `PUT`'s —
 * filed the same way; `UploadService` adds the clients' protocols (form, tus, instant).
 */
export class UploadFiling {
  readonly repository: UploadsRepository;
  readonly resumable: ResumableUploads;
  protected readonly instant: InstantUploads;
  protected readonly targets: UploadTargets;

  constructor(protected readonly deps: UploadServiceDeps) {
    this.repository = new UploadsRepository(deps.db);
    this.resumable = new ResumableUploads({
      ...deps,
      uploads: this.repository,
      onCompleted: (row) => this.completed(row),
    });
    this.instant = new InstantUploads(deps.db, deps.blobs, this.repository);
    this.targets = new UploadTargets(deps.db, deps.files);
  }

  /**
   * The bytes the user may still store (limit less usage and reservations), and the limit:
   * handed back in `FilingTarget.limit`, the filing does not read it again.
   */
  async spaceLeft(userId: string): Promise<{ available: number; limit: number }> {
    const user = await this.deps.users.findById(userId);
    if (!user) throw new NimbusError("unauthenticated", "account no longer exists");
    const limit = await this.deps.drive.storageLimit(userId);
    const used = Number(user.storage_usage) + Number(user.storage_reserved);
    return { available: Math.max(0, limit - used), limit };
  }

  /**
   * Files bytes the server fetched itself (a cloud download) as an upload does:
   * the size reserved against the quota, folders created on demand, the name made
   * unique, the file's GCID computed (behind the writes when the fetch reported
   * them with `fetchedWritten`) and the file adopted into the blob store without a
   * copy, usage charged, and the `upload` event recorded. `file` is consumed. A WebDAV
   * `PUT` body goes this way too; `modifiedAt` (ms) keeps its client's time (`X-OC-Mtime`).
   */
  async storeFetched(userId: string, target: FilingTarget, file: string): Promise<FileRow> {
    const upload = await this.start(userId, this.startOf(target));
    let stored: StoredBytes | undefined;
    try {
      stored = await this.resumable.storeFile(`fetched:${file}`, file, target.size);
      const row = await commitReservedUpload(
        this.deps.db,
        this.deps.blobs,
        upload,
        stored,
        this.deps.clock.now(),
        {
          modifiedAt: target.modifiedAt,
        },
      );
      // The blob may be this very file (adopted by a hard link): never write through this name again.
      await rm(file, { force: true });
      await this.filed(row);
      return row;
    } catch (error) {
      await this.repository.end(upload.id, "deleted");
      await this.repository.deletePendingFile(userId, upload.file_id);
      if (stored) await rm(file, { force: true });
      throw error;
    }
  }

  /**
   * Files a small body held in memory (a WebDAV `PUT` of at most 64 KiB) with as
   * little work as its guarantees allow: the GCID hashed on the spot, the bytes made durable
   * under their key first (`BlobStore.putBytes`: one temp file written, fdatasynced and
   * hard-linked, its directory fsynced; deduplicated by content), then the pending file named
   * (made unique if the name was taken meanwhile) and, in one transaction, the blob referenced,
   * the size charged against `target.limit` (counting every reservation, so racing uploads
   * never overbook) and the file completed; the `upload` event recorded. No upload row and no
   * reservation: the bytes are all here before anything is claimed, so there is nothing to hold
   * space for. A failure leaves no file, only an unreferenced blob for GC.
   */
  async storeBytes(userId: string, target: FilingTarget, bytes: Buffer): Promise<FileRow> {
    const name = validateName(target.name);
    const limit = target.limit ?? (await this.spaceLeft(userId)).limit;
    const hasher = new GcidHasher(bytes.length, sha1Factory);
    hasher.update(bytes);
    const digest = { key: hasher.digest(), size: bytes.length };
    const { blobs } = this.deps;
    const stored = blobs.putBytes
      ? await blobs.putBytes(bytes, digest)
      : await blobs.put(Readable.from([bytes]), { size: bytes.length });
    const now = this.deps.clock.now();
    const fileId = newId(now);
    const parentId = await this.targets.ensureFolders(userId, target.parentId, target.folders, now);
    const { db, events, files, onFileCompleted } = this.deps;
    // A free name (WebDAV looked before): one transaction, the event inside it.
    const file = {
      id: fileId,
      user_id: userId,
      parent_id: parentId,
      kind: FILE_KIND.file,
      name,
      size: bytes.length,
      blob_gcid: stored.key,
      mime_type: mimeTypeOf(name),
      phase: "PHASE_TYPE_COMPLETE",
      trashed_at: null,
      starred_at: null,
      created_at: now,
      modified_at: target.modifiedAt ?? now,
    };
    const direct = target.nameTaken
      ? undefined
      : await commitNewFile(db, files, { file, stored, store: blobs, limit }, now, async (trx, row) => {
          await events?.record([uploadEvent(row)], trx);
        });
    if (direct) {
      await onFileCompleted?.(direct);
      return direct;
    }
    await this.targets.insertPendingFile(fileId, userId, parentId, name, bytes.length, now);
    let row: FileRow;
    try {
      row = await commitUpload(
        db,
        { userId, fileId, stored, store: blobs, limit, modifiedAt: target.modifiedAt },
        now,
      );
    } catch (error) {
      await this.repository.deletePendingFile(userId, fileId);
      throw error;
    }
    await this.filed(row);
    return row;
  }

  /**
   * Files a stream of a known size (a WebDAV `PUT`) as a form upload does: the size
   * reserved against the quota before any byte, the pending file named (made unique if
   * the name was taken meanwhile), the bytes written and fsynced through `blobs.put`
   * (deduplicated by content), usage charged and the `upload` event recorded. A stream
   * that ends short or runs long fails, and leaves no pending file or reservation behind.
   */
  async storeStream(
    userId: string,
    target: Omit<FilingTarget, "folders">,
    body: AsyncIterable<Uint8Array>,
    signal?: AbortSignal,
  ): Promise<FileRow> {
    await this.targets.requireFolder(userId, target.parentId);
    const upload = await this.start(userId, this.startOf({ ...target, folders: [] }));
    try {
      const stored = await this.deps.blobs.put(body, { size: target.size, ...(signal && { signal }) });
      const row = await commitReservedUpload(
        this.deps.db,
        this.deps.blobs,
        upload,
        stored,
        this.deps.clock.now(),
        {
          modifiedAt: target.modifiedAt,
        },
      );
      await this.filed(row);
      return row;
    } catch (error) {
      await this.repository.end(upload.id, "deleted");
      await this.repository.deletePendingFile(userId, upload.file_id);
      throw error;
    }
  }

  /** A cloud download wrote bytes 0..`end` of `file` (`size` in all): hash them now, off the event loop. */
  fetchedWritten(file: string, size: number, end: number): void {
    this.resumable.written(`fetched:${file}`, file, size, end);
  }

  /** A cloud download writes `file` again from its first byte: forget what was hashed of it. */
  fetchedRestarted(file: string): void {
    this.resumable.forgetFile(`fetched:${file}`);
  }

  /**
   * Files content already stored under `gcid` (instant cloud download): reserved,
   * referenced and charged like an instant upload. Undefined when the blob is gone.
   */
  async storeByReference(
    userId: string,
    target: { parentId: string; folders: string[]; name: string; size: number },
    gcid: string,
  ): Promise<FileRow | undefined> {
    const upload = await this.start(userId, { ...this.startOf(target), gcid });
    const done = await this.instant.complete(upload, this.deps.clock.now());
    if (!done) {
      await this.repository.end(upload.id, "deleted");
      await this.repository.deletePendingFile(userId, upload.file_id);
      return undefined;
    }
    await this.filed(done);
    return done;
  }

  /** Reserves the size, then creates the folders and the pending file; undoes the reservation on failure. */
  protected async start(userId: string, request: UploadStart): Promise<UploadRow> {
    let limit = request.limit;
    if (limit === undefined) {
      const user = await this.deps.users.findById(userId);
      if (!user) throw new NimbusError("unauthenticated", "account no longer exists");
      limit = await this.deps.drive.storageLimit(user.id);
    }
    const now = this.deps.clock.now();
    const upload: UploadRow = {
      id: newId(now),
      user_id: userId,
      file_id: newId(now),
      kind: request.kind,
      state: "active",
      size: request.size,
      declared_gcid: request.gcid,
      declared_sha256: request.sha256,
      declared_block_sha256: request.blockSha256 ?? null,
      created_at: now,
      // An instant-upload claim lives as long as its challenge (and a margin) unless the client
      // starts sending bytes: `ResumableUploads.authorize` then gives it the whole expiry.
      expires_at:
        now +
        (request.kind === "resumable" && request.gcid ? CLAIM_TTL_MS : this.deps.config.uploads.expiryMs),
    };
    await this.repository.reserve(upload, limit);
    try {
      const parentId = await this.targets.ensureFolders(userId, request.parentId, request.folders, now);
      await this.targets.insertPendingFile(upload.file_id, userId, parentId, request.name, request.size, now);
      return upload;
    } catch (error) {
      await this.repository.end(upload.id, "deleted");
      throw error;
    }
  }

  protected present(upload: UploadRow): Promise<DriveFile> {
    return this.deps.drive.get(upload.user_id, upload.file_id);
  }

  /** A file just completed: its event recorded, then presented for the client that uploaded it. */
  protected async completed(row: FileRow): Promise<DriveFile> {
    await this.filed(row);
    return this.deps.drive.get(row.user_id, row.id);
  }

  /** A file just completed: previews started and the `upload` event recorded (nothing presented). */
  private async filed(row: FileRow): Promise<void> {
    await this.deps.onFileCompleted?.(row);
    await this.deps.events?.record([uploadEvent(row)]);
  }

  private startOf(target: Omit<FilingTarget, "modifiedAt">): UploadStart {
    return {
      parentId: target.parentId,
      folders: target.folders,
      name: validateName(target.name),
      size: target.size,
      kind: "form",
      gcid: null,
      sha256: null,
      ...(target.limit !== undefined && { limit: target.limit }),
    };
  }
}

function uploadEvent(row: FileRow): NewEvent {
  return {
    userId: row.user_id,
    type: "upload",
    fileId: row.id,
    fileName: row.name,
    fileKind: row.kind,
    parentId: row.parent_id,
  };
}
