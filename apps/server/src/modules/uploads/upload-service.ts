import { rm } from "node:fs/promises";
import { Readable } from "node:stream";
import {
  type CreateFileBody,
  type DriveFile,
  NimbusError,
  type Resumable,
  TUS_PROVIDER,
  type UploadChallenge,
} from "@nimbus/protocol";
import type { BlobStore } from "../../blobs/blob-store.js";
import type { Config } from "../../config/config.js";
import type { Db } from "../../db/database.js";
import { type Clock, isoTime } from "../../lib/clock.js";
import { newId } from "../../lib/ids.js";
import type { StoredBytes } from "../accounting/stored-blobs.js";
import type { NewEvent } from "../events/drive-events.js";
import { type FileRow, type FilesRepository, validateName } from "../files/index.js";
import type { Locks } from "../locks/locks.js";
import type { UsersRepository } from "../users/users-repository.js";
import { commitReservedUpload } from "./commit-reserved-upload.js";
import { CHALLENGE_TTL_MS, InstantUploads } from "./instant-uploads.js";
import { ResumableUploads, TUS_PATH } from "./resumable-uploads.js";
import { UploadTargets } from "./upload-targets.js";
import { type UploadKind, type UploadRow, UploadsRepository } from "./uploads-repository.js";

/** Largest file accepted by `UPLOAD_TYPE_FORM`; bigger files go through tus. */
export const FORM_UPLOAD_MAX_BYTES = 100 * 1024 * 1024;

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
  events?: { record(events: readonly NewEvent[]): Promise<void> };
  /** Called once a file's bytes are committed (thumbnails and media info are made from it). */
  onFileCompleted?: (file: FileRow) => Promise<void>;
  /** Told when a write found the volume full (the spare file is released). */
  onStorageFull?: () => Promise<void>;
}

interface UploadStart {
  parentId: string;
  /** Folders to walk down (and create) from `parentId`. */
  folders: string[];
  name: string;
  size: number;
  kind: UploadKind;
  gcid: string | null;
  sha256: string | null;
}

export interface UploadAnswer {
  upload_type: "UPLOAD_TYPE_FORM" | "UPLOAD_TYPE_RESUMABLE";
  file: DriveFile;
  form?: { url: string; maxSize: number };
  resumable?: Resumable;
  challenge?: UploadChallenge;
}

/**
 * Starting and receiving uploads of files: instant (by hash, behind a range
 * challenge), tus (resumable) and form (small files). Every upload
 * reserves its size first, so concurrent uploads never overbook the quota.
 */
export class UploadService {
  readonly repository: UploadsRepository;
  readonly resumable: ResumableUploads;
  private readonly instant: InstantUploads;
  private readonly targets: UploadTargets;

  constructor(private readonly deps: UploadServiceDeps) {
    this.repository = new UploadsRepository(deps.db);
    this.resumable = new ResumableUploads({
      ...deps,
      uploads: this.repository,
      onCompleted: (row) => this.completed(row),
    });
    this.instant = new InstantUploads(deps.db, deps.blobs, this.repository);
    this.targets = new UploadTargets(deps.db, deps.files);
  }

  /** `POST /drive/v1/files` for a file (folders stay with the files module). */
  async create(userId: string, body: CreateFileBody): Promise<UploadAnswer> {
    if (body.challenge_id !== undefined || body.challenge_sha1 !== undefined) {
      return this.answerChallenge(userId, body);
    }
    const type = body.upload_type ?? "UPLOAD_TYPE_FORM";
    if (type === "UPLOAD_TYPE_URL")
      throw new NimbusError("unimplemented", "UPLOAD_TYPE_URL is not available");
    const size = requireSize(body.size);
    if (type === "UPLOAD_TYPE_FORM" && size > FORM_UPLOAD_MAX_BYTES) {
      throw new NimbusError("file_too_large", "too large for a form upload", {
        params: { limit: FORM_UPLOAD_MAX_BYTES },
      });
    }
    const name = validateName(body.name);
    const folders = body.relative_path ? this.targets.folderSegments(body.relative_path, name) : [];
    await this.targets.requireFolder(userId, body.parent_id);
    const kind: UploadKind = type === "UPLOAD_TYPE_FORM" ? "form" : "resumable";
    const upload = await this.start(userId, {
      parentId: body.parent_id,
      folders,
      name,
      size,
      kind,
      gcid: body.hash ?? null,
      sha256: body.sha256 ?? null,
    });
    const now = this.deps.clock.now();

    if (kind === "form") {
      const url = `${this.deps.config.publicUrl}/drive/v1/upload/form/${upload.file_id}`;
      return {
        upload_type: "UPLOAD_TYPE_FORM",
        file: await this.present(upload),
        form: { url, maxSize: size },
      };
    }
    // Every declared hash gets a challenge, stored bytes or not: the answer to a
    // start never tells whether the server holds them.
    const challenge = body.hash && size > 0 ? await this.instant.issueChallenge(upload, now) : undefined;
    if (size === 0) {
      return {
        upload_type: "UPLOAD_TYPE_RESUMABLE",
        file: await this.completed(await this.receiveEmpty(upload)),
      };
    }
    try {
      await this.resumable.open(upload);
    } catch (error) {
      await this.resumable.cancel(upload);
      throw error;
    }
    return {
      upload_type: "UPLOAD_TYPE_RESUMABLE",
      file: await this.present(upload),
      resumable: this.resumableOf(upload),
      ...(challenge && { challenge }),
    };
  }

  /** Streams the bytes of a pending form upload into the blob store and completes the file. */
  async receiveForm(userId: string, fileId: string, body: Readable, hash?: string): Promise<DriveFile> {
    const upload = await this.repository.findByFile(userId, fileId);
    if (!upload) {
      const file = await this.deps.files.findOwned(userId, fileId);
      if (file?.kind !== "drive#file") throw new NimbusError("file_not_found");
      throw new NimbusError("upload_not_found", "no upload in progress for this file");
    }
    if (upload.kind !== "form") throw new NimbusError("upload_not_found", "this file uploads through tus");
    if (upload.state !== "active") throw new NimbusError("upload_not_found", "upload already completed");
    const stored = await this.deps.blobs.put(body, { size: upload.size });
    const now = this.deps.clock.now();
    const row = await commitReservedUpload(
      this.deps.db,
      this.deps.blobs,
      upload,
      stored,
      now,
      hash ?? upload.declared_gcid,
    );
    return this.completed(row);
  }

  /**
   * Files bytes the server fetched itself (a cloud download) as an upload does:
   * the size reserved against the quota, folders created on demand, the name made
   * unique, the file's GCID computed (behind the writes when the fetch reported
   * them with `fetchedWritten`) and the file adopted into the blob store without a
   * copy, usage charged, and the `upload` event recorded. `file` is consumed. A WebDAV
   * `PUT` body goes this way too; `modifiedAt` (ms) keeps its client's time (`X-OC-Mtime`).
   */
  async storeFetched(
    userId: string,
    target: { parentId: string; folders: string[]; name: string; size: number; modifiedAt?: number },
    file: string,
  ): Promise<FileRow> {
    const upload = await this.start(userId, {
      parentId: target.parentId,
      folders: target.folders,
      name: validateName(target.name),
      size: target.size,
      kind: "form",
      gcid: null,
      sha256: null,
    });
    let stored: StoredBytes | undefined;
    try {
      stored = await this.resumable.storeFile(`fetched:${file}`, file, target.size);
      let row = await commitReservedUpload(
        this.deps.db,
        this.deps.blobs,
        upload,
        stored,
        this.deps.clock.now(),
      );
      if (target.modifiedAt !== undefined) row = await this.keepModified(row, target.modifiedAt);
      // The blob may be this very file (adopted by a hard link): never write through this name again.
      await rm(file, { force: true });
      await this.completed(row);
      return row;
    } catch (error) {
      await this.repository.end(upload.id, "deleted");
      await this.repository.deletePendingFile(userId, upload.file_id);
      if (stored) await rm(file, { force: true });
      throw error;
    }
  }

  /**
   * Files a stream of a known size (a WebDAV `PUT`) as a form upload does: the size
   * reserved against the quota before any byte, the pending file named (made unique if
   * the name was taken meanwhile), the bytes written and fsynced through `blobs.put`
   * (deduplicated by content), usage charged and the `upload` event recorded. A stream
   * that ends short or runs long fails, and leaves no pending file or reservation behind.
   * `modifiedAt` (ms) keeps the client's modification time (WebDAV's `X-OC-Mtime`).
   */
  async storeStream(
    userId: string,
    target: { parentId: string; name: string; size: number; modifiedAt?: number },
    body: AsyncIterable<Uint8Array>,
    signal?: AbortSignal,
  ): Promise<FileRow> {
    await this.targets.requireFolder(userId, target.parentId);
    const upload = await this.start(userId, {
      parentId: target.parentId,
      folders: [],
      name: validateName(target.name),
      size: target.size,
      kind: "form",
      gcid: null,
      sha256: null,
    });
    try {
      const stored = await this.deps.blobs.put(body, { size: target.size, ...(signal && { signal }) });
      let row = await commitReservedUpload(
        this.deps.db,
        this.deps.blobs,
        upload,
        stored,
        this.deps.clock.now(),
      );
      if (target.modifiedAt !== undefined) row = await this.keepModified(row, target.modifiedAt);
      await this.completed(row);
      return row;
    } catch (error) {
      await this.repository.end(upload.id, "deleted");
      await this.repository.deletePendingFile(userId, upload.file_id);
      throw error;
    }
  }

  /** Gives a stored file its client's modification time (ms). */
  private async keepModified(row: FileRow, modifiedAt: number): Promise<FileRow> {
    await this.deps.db
      .updateTable("files")
      .set({ modified_at: modifiedAt })
      .where("id", "=", row.id)
      .where("user_id", "=", row.user_id)
      .execute();
    return { ...row, modified_at: modifiedAt };
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
    const upload = await this.start(userId, {
      parentId: target.parentId,
      folders: target.folders,
      name: validateName(target.name),
      size: target.size,
      kind: "form",
      gcid,
      sha256: null,
    });
    const done = await this.instant.complete(upload, this.deps.clock.now());
    if (!done) {
      await this.repository.end(upload.id, "deleted");
      await this.repository.deletePendingFile(userId, upload.file_id);
      return undefined;
    }
    await this.completed(done);
    return done;
  }

  /** Reserves the size, then creates the folders and the pending file; undoes the reservation on failure. */
  private async start(userId: string, request: UploadStart): Promise<UploadRow> {
    const user = await this.deps.users.findById(userId);
    if (!user) throw new NimbusError("unauthenticated", "account no longer exists");
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
      created_at: now,
      // An instant-upload claim lives as long as its challenge (and a margin) unless the client
      // starts sending bytes: `ResumableUploads.authorize` then gives it the whole expiry.
      expires_at:
        now +
        (request.kind === "resumable" && request.gcid ? CLAIM_TTL_MS : this.deps.config.uploads.expiryMs),
    };
    await this.repository.reserve(upload, await this.deps.drive.storageLimit(user.id));
    try {
      const parentId = await this.targets.ensureFolders(userId, request.parentId, request.folders, now);
      await this.targets.insertPendingFile(upload.file_id, userId, parentId, request.name, request.size, now);
      return upload;
    } catch (error) {
      await this.repository.end(upload.id, "deleted");
      throw error;
    }
  }

  private async answerChallenge(userId: string, body: CreateFileBody): Promise<UploadAnswer> {
    if (!body.challenge_id || !body.challenge_sha1) {
      throw new NimbusError("invalid_argument", "challenge_id and challenge_sha1 go together", {
        metadata: { field: body.challenge_id ? "challenge_sha1" : "challenge_id" },
      });
    }
    const now = this.deps.clock.now();
    const upload = await this.instant.verify(userId, body.challenge_id, body.challenge_sha1, now);
    const done = await this.instant.complete(upload, now);
    if (!done) {
      // The stored copy went away meanwhile: the upload stays open for the bytes.
      return {
        upload_type: "UPLOAD_TYPE_RESUMABLE",
        file: await this.present(upload),
        resumable: this.resumableOf(upload),
      };
    }
    await this.resumable.drop(upload.id);
    return { upload_type: "UPLOAD_TYPE_RESUMABLE", file: await this.completed(done) };
  }

  private async receiveEmpty(upload: UploadRow): Promise<FileRow> {
    const stored = await this.deps.blobs.put(Readable.from([]), { size: 0 });
    return commitReservedUpload(this.deps.db, this.deps.blobs, upload, stored, this.deps.clock.now());
  }

  private resumableOf(upload: UploadRow): Resumable {
    return {
      kind: "drive#resumable",
      provider: TUS_PROVIDER,
      params: {
        url: this.resumable.urlOf(upload.id),
        endpoint: `${this.deps.config.publicUrl}${TUS_PATH}`,
        upload_id: upload.id,
        expires_at: isoTime(upload.expires_at),
      },
    };
  }

  private present(upload: UploadRow): Promise<DriveFile> {
    return this.deps.drive.get(upload.user_id, upload.file_id);
  }

  /** A file just completed: records the `upload` event and presents the file. */
  private async completed(row: FileRow): Promise<DriveFile> {
    await this.deps.onFileCompleted?.(row);
    await this.deps.events?.record([
      {
        userId: row.user_id,
        type: "upload",
        fileId: row.id,
        fileName: row.name,
        fileKind: row.kind,
        parentId: row.parent_id,
      },
    ]);
    return this.deps.drive.get(row.user_id, row.id);
  }
}

function requireSize(value: string | number | undefined): number {
  const size = value === undefined ? Number.NaN : Number(value);
  if (!Number.isSafeInteger(size) || size < 0) {
    throw new NimbusError("invalid_argument", "size is required", { metadata: { field: "size" } });
  }
  return size;
}
