import { createReadStream } from "node:fs";
import type { IncomingMessage, ServerResponse } from "node:http";
import { NimbusError } from "@nimbus/protocol";
import type { BlobStore } from "../../blobs/blob-store.js";
import type { UploadBytes } from "../../blobs/upload-bytes.js";
import type { Config } from "../../config/config.js";
import type { Db } from "../../db/database.js";
import type { Clock } from "../../lib/clock.js";
import { isId } from "../../lib/ids.js";
import type { StoredBytes } from "../accounting/stored-blobs.js";
import type { FileRow } from "../files/index.js";
import type { Locks } from "../locks/locks.js";
import { commitReservedUpload } from "./commit-reserved-upload.js";
import type { TusHandler } from "./tus-server.js";
import { UploadFiles } from "./upload-files.js";
import { UploadHasher } from "./upload-hasher.js";
import type { UploadRow, UploadsRepository } from "./uploads-repository.js";

/** Where tus requests are served; an upload's URL is `<TUS_PATH>/<upload id>`. */
export const TUS_PATH = "/drive/v1/uploads/tus";

/** Failures after which the bytes of an upload can never become its file. */
const REFUSALS = new Set(["file_hash_mismatch", "file_size_mismatch", "data_loss"]);

export interface ResumableUploadsDeps {
  db: Db;
  uploads: UploadsRepository;
  blobs: BlobStore;
  clock: Clock;
  config: Pick<Config, "publicUrl" | "uploads">;
  /** Serialise the requests of one upload (on every node, with Redis). */
  locks: Locks;
  /** Told of every file a finished upload completes. */
  onCompleted?: (row: FileRow) => Promise<unknown>;
  /** Told when a PATCH found the volume full (the spare file is released). */
  onStorageFull?: () => Promise<void>;
}

/**
 * tus 1.0 uploads through @tus/server: bytes land in the blob store's shared
 * upload storage when it has one (S3: any node takes any PATCH), else in
 * DATA_DIR/uploads (`UploadFiles`), hashed behind the writes; the last PATCH
 * hands them to the blob store (adopted in place, or streamed through `put`) and
 * the one commit path turns them into the file.
 */
export class ResumableUploads {
  readonly store: UploadBytes;
  /** This node's upload files, when the bytes live on its disk. */
  private readonly files: UploadFiles | undefined;
  /** Hashes bytes as they arrive, when the blob store can adopt finished files without copying them. */
  private readonly hasher: UploadHasher | undefined;
  /** @tus/server, loaded on the first tus request. */
  private tus: Promise<TusHandler> | undefined;
  /** Finishes in progress in this process, so a retried last PATCH waits for the first. */
  private readonly finishing = new Map<string, Promise<void>>();

  constructor(private readonly deps: ResumableUploadsDeps) {
    const shared = deps.blobs.uploadBytes?.();
    if (shared) {
      this.store = shared;
      return;
    }
    const hasher = deps.blobs.adopt ? new UploadHasher() : undefined;
    this.hasher = hasher;
    const files = new UploadFiles(deps.config.uploads.dir, (id, size, end) =>
      hasher?.written(id, files.pathOf(id), size, end),
    );
    this.files = files;
    this.store = files;
  }

  urlOf(uploadId: string): string {
    return `${this.deps.config.publicUrl}${TUS_PATH}/${uploadId}`;
  }

  /**
   * The caller's live tus upload, with its expiry pushed back. Another user's,
   * an unknown or an expired upload is `upload_not_found` (existence never leaks).
   */
  async authorize(userId: string, uploadId: string): Promise<UploadRow> {
    const now = this.deps.clock.now();
    const upload = isId(uploadId) ? await this.deps.uploads.findOwned(userId, uploadId) : undefined;
    if (upload?.kind !== "resumable" || upload.expires_at < now) {
      throw new NimbusError("upload_not_found");
    }
    if (upload.state === "active") {
      await this.deps.uploads.touch(upload.id, now + this.deps.config.uploads.expiryMs);
    }
    return upload;
  }

  /**
   * An upload whose bytes all arrived but whose last PATCH never finished it (a
   * crash, a failed commit) is finished now, so a client resuming it with HEAD
   * sees it complete. Returns the upload's state afterwards.
   */
  async settleIfReceived(upload: UploadRow): Promise<UploadRow["state"]> {
    if (upload.state !== "active" || (await this.store.offsetOf(upload.id)) !== upload.size) {
      return upload.state;
    }
    await this.finish(upload.id);
    return (await this.deps.uploads.findById(upload.id))?.state ?? "complete";
  }

  /**
   * tus creation (POST), for clients that always create: the upload already
   * exists, named by the `upload_id` metadata; its `Upload-Length` must be the
   * declared size. Returns the upload's URL.
   */
  async locate(userId: string, metadataHeader: string | undefined, length: string | undefined) {
    let metadata: Record<string, string | null> | undefined;
    try {
      metadata = (await this.handler()).parseMetadata(metadataHeader);
    } catch {
      throw new NimbusError("invalid_argument", "malformed Upload-Metadata", {
        metadata: { field: "upload-metadata" },
      });
    }
    const id = metadata?.upload_id;
    if (!id) {
      throw new NimbusError("invalid_argument", "Upload-Metadata must name upload_id", {
        metadata: { field: "upload-metadata" },
      });
    }
    const upload = await this.authorize(userId, id);
    if (upload.state !== "active") throw new NimbusError("upload_not_found", "upload already finished");
    if (length === undefined || Number(length) !== upload.size) {
      throw new NimbusError("file_size_mismatch", "Upload-Length differs from the declared size");
    }
    return this.urlOf(upload.id);
  }

  /** tus termination: drops the bytes, the pending file and the reservation. */
  async cancel(upload: UploadRow): Promise<void> {
    const ended = await this.deps.uploads.end(upload.id, "deleted");
    if (ended?.state === "active") await this.deps.uploads.deletePendingFile(ended.user_id, ended.file_id);
    this.hasher?.forget(upload.id);
    await this.store.discard(upload.id);
  }

  /** Creates the (empty) bytes of a new upload. */
  async open(upload: UploadRow): Promise<void> {
    await this.store.create(upload.id);
  }

  /**
   * Runs one tus request (HEAD, PATCH, OPTIONS) through @tus/server, reading the
   * body straight from the socket, and returns its answer. A domain failure
   * (e.g. `file_hash_mismatch` when the last bytes arrive) is thrown instead.
   */
  async handle(req: IncomingMessage, res: ServerResponse): Promise<Response> {
    return (await this.handler()).handle(req, res);
  }

  private handler(): Promise<TusHandler> {
    this.tus ??= import("./tus-server.js").then(({ createTusHandler }) =>
      createTusHandler({
        path: TUS_PATH,
        bytes: this.store,
        locks: this.deps.locks,
        lookup: async (id) => {
          const row = await this.deps.uploads.findById(id);
          if (row?.state === "complete") return { size: row.size, createdAt: row.created_at, done: true };
          return row?.state === "active" ? { size: row.size, createdAt: row.created_at } : undefined;
        },
        onFinished: (id) => this.finish(id),
        onStorageFull: async (id) => {
          this.hasher?.forget(id);
          await this.deps.onStorageFull?.();
          await this.store.discard(id);
          await this.store.create(id);
        },
      }),
    );
    return this.tus;
  }

  /**
   * Turns the received bytes into the file, once: streams them into the blob
   * store, commits (settling the reservation), then drops them. A refusal (hash
   * or size mismatch, collision) marks the upload failed and its file errored.
   */
  finish(uploadId: string): Promise<void> {
    let running = this.finishing.get(uploadId);
    if (!running) {
      running = this.runFinish(uploadId).finally(() => this.finishing.delete(uploadId));
      this.finishing.set(uploadId, running);
    }
    return running;
  }

  private async runFinish(uploadId: string): Promise<void> {
    const upload = await this.deps.uploads.findById(uploadId);
    if (upload?.state !== "active") return; // finished already
    let completed: FileRow;
    try {
      const stored = await this.storeBytes(upload);
      completed = await commitReservedUpload(
        this.deps.db,
        this.deps.blobs,
        upload,
        stored,
        this.deps.clock.now(),
      );
    } catch (error) {
      if (error instanceof NimbusError && REFUSALS.has(error.error)) await this.refuse(upload);
      throw error;
    } finally {
      this.hasher?.forget(uploadId);
    }
    await this.store.discard(uploadId);
    await this.deps.onCompleted?.(completed);
  }

  /**
   * Puts the finished bytes in the blob store. Local disk: the GCID computed
   * while they arrived is checked against the declared one, then the file is
   * adopted in place (no copy, no SHA-256: the blob's SHA-256 is computed when an
   * instant-upload claim first needs it). Otherwise (S3, or no digest) they are
   * streamed through `put`, which hashes them.
   */
  private async storeBytes(upload: UploadRow): Promise<StoredBytes> {
    const path = this.files?.pathOf(upload.id);
    if (path) return this.storeFile(upload.id, path, upload.size, upload.declared_gcid);
    // Bytes in shared storage (S3): streamed through `put`, which hashes them.
    return this.deps.blobs.put(this.store.readAll(upload.id), { size: upload.size });
  }

  /**
   * Puts a complete file of this machine in the blob store the way finished
   * uploads go: its GCID from the hashing worker (already done when it was told
   * of the writes with `written`), checked against `declaredGcid`, then adopted in
   * place; else streamed through `put`. The caller deletes its own name afterwards.
   */
  async storeFile(
    id: string,
    path: string,
    size: number,
    declaredGcid: string | null = null,
  ): Promise<StoredBytes> {
    try {
      const digest = await this.hasher?.digest(id, path, size).catch(() => undefined);
      if (digest && this.deps.blobs.adopt) {
        if (declaredGcid && declaredGcid !== digest.key) {
          throw new NimbusError("file_hash_mismatch", "declared hash differs from the uploaded bytes");
        }
        const adopted = await this.deps.blobs.adopt(path, digest);
        if (adopted) return adopted;
      }
      return await this.deps.blobs.put(createReadStream(path, { highWaterMark: 1024 * 1024 }), { size });
    } finally {
      this.hasher?.forget(id);
    }
  }

  /** Bytes 0..`end` of a file that `storeFile` will take are written: its GCID is computed behind them. */
  written(id: string, path: string, size: number, end: number): void {
    this.hasher?.written(id, path, size, end);
  }

  /** Forgets what was hashed of a file `storeFile` will take (it is being written again). */
  forgetFile(id: string): void {
    this.hasher?.forget(id);
  }

  /** Forgets an upload's bytes (expiry): the file and whatever was hashed of it. */
  async drop(uploadId: string): Promise<void> {
    this.hasher?.forget(uploadId);
    await this.store.discard(uploadId);
  }

  async close(): Promise<void> {
    await this.hasher?.close();
  }

  /** The bytes can never become the file: release the reservation, mark the file errored, drop the bytes. */
  private async refuse(upload: UploadRow): Promise<void> {
    await this.deps.uploads.end(upload.id, "failed");
    await this.deps.uploads.failPendingFile(upload.user_id, upload.file_id, this.deps.clock.now());
    await this.store.discard(upload.id);
  }
}
