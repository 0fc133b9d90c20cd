import type { IncomingMessage, ServerResponse } from "node:http";
import type { Readable } from "node:stream";
import { NimbusError } from "@nimbus/protocol";
import { DataStore, ERRORS, Metadata, Server, Upload } from "@tus/server";
import { NodeRequest } from "srvx/node";
import type { UploadBytes } from "../../blobs/upload-bytes.js";
import { storageFailure } from "../../lib/storage-failure.js";
import type { Locks } from "../locks/locks.js";
import { NO_LOCK, TusLocker } from "./tus-locker.js";

/** What tus needs to know of an upload: its declared size, from the `uploads` table; `done` once it is a file. */
export type UploadSizeLookup = (
  id: string,
) => Promise<{ size: number; createdAt: number; done?: boolean } | undefined>;

/** A PATCH that waited for another one which finished the upload: an offset conflict, never a 404. */
const UPLOAD_DONE = { status_code: 409, body: "Upload-Offset conflict: the upload is complete\n" };

export interface TusServerOptions {
  path: string;
  bytes: UploadBytes;
  lookup: UploadSizeLookup;
  /** Who holds an upload while a PATCH writes it: this process, or every node (Redis). */
  locks: Locks;
  /** Runs when the last byte of an upload is written, before the last PATCH is answered. */
  onFinished: (uploadId: string) => Promise<void>;
  /** Runs when a PATCH found the volume full: its bytes are dropped, so the upload restarts at 0. */
  onStorageFull: (uploadId: string) => Promise<void>;
}

/** The tus side of resumable uploads, loaded on the first tus request (it costs start-up time). */
export interface TusHandler {
  /** Runs one request through @tus/server; a domain failure raised while finishing is thrown. */
  handle(req: IncomingMessage, res: ServerResponse): Promise<Response>;
  parseMetadata(header: string | undefined): Record<string, string | null> | undefined;
}

/**
 * A tus data store over `UploadBytes` (this node's disk, or pieces in the bucket): the
 * size comes from the `uploads` table, the offset is how many bytes are stored, so any
 * node holding the same store answers HEAD and takes the next PATCH.
 */
class TusUploadStore extends DataStore {
  constructor(
    private readonly bytes: UploadBytes,
    private readonly lookup: UploadSizeLookup,
    private readonly onStorageFull: (uploadId: string) => Promise<void>,
  ) {
    super();
    // Uploads are created by POST /drive/v1/files; no deferred lengths or concatenation,
    // and expiry is ours (`uploads.expires_at`).
    this.extensions = ["creation", "termination"];
  }

  override async create(upload: Upload): Promise<Upload> {
    await this.bytes.create(upload.id);
    return upload;
  }

  override async getUpload(id: string): Promise<Upload> {
    const found = await this.lookup(id);
    if (!found) throw ERRORS.FILE_NOT_FOUND;
    if (found.done) throw UPLOAD_DONE;
    let offset = await this.bytes.offsetOf(id);
    if (offset === undefined) {
      // A live upload whose bytes are gone (dropped when they filled the volume): it restarts at 0.
      await this.bytes.create(id);
      offset = (await this.bytes.offsetOf(id)) ?? 0;
    }
    const created = new Date(found.createdAt).toISOString();
    return new Upload({ id, size: found.size, offset, creation_date: created });
  }

  override async remove(id: string): Promise<void> {
    await this.bytes.discard(id);
  }

  override async write(readable: Readable, id: string, offset: number): Promise<number> {
    const found = await this.lookup(id);
    if (!found) throw ERRORS.FILE_NOT_FOUND;
    if (found.done) throw UPLOAD_DONE;
    try {
      return await this.bytes.write(readable, id, offset, found.size);
    } catch (error) {
      const failure = storageFailure(error);
      // A partial that filled the volume is released at once, not left to expire.
      if (failure?.error === "insufficient_storage") await this.onStorageFull(id).catch(() => {});
      throw failure ?? ERRORS.FILE_WRITE_ERROR;
    }
  }
}

export function createTusHandler(options: TusServerOptions): TusHandler {
  const failures = new WeakMap<object, NimbusError>();
  const locker = new TusLocker(options.locks);
  const server = new Server({
    path: options.path,
    datastore: new TusUploadStore(options.bytes, options.lookup, options.onStorageFull),
    allowedHeaders: ["authorization", "x-client-id", "x-device-id", "x-request-id"],
    locker: (request) => (request.method === "HEAD" ? NO_LOCK : locker),
    onUploadFinish: async (_request, upload) => {
      await options.onFinished(upload.id);
      return {};
    },
    onResponseError: (request, error) => {
      const failure = asNimbusError(error);
      if (!failure) return undefined;
      failures.set(request, failure);
      return { status_code: failure.status, body: failure.error };
    },
  });
  return {
    async handle(req, res) {
      const request = new NodeRequest({ req, res });
      // srvx's body is Readable.toWeb(req), which copies every chunk on Node 20; ours hands them on.
      let body: ReadableStream<Uint8Array> | undefined;
      Object.defineProperty(request, "body", { get: () => (body ??= requestBody(req)) });
      const response = await server.handleWeb(request as unknown as Request);
      const failure = failures.get(request);
      if (failure) throw failure;
      return response;
    },
    parseMetadata: (header) => Metadata.parse(header),
  };
}

/**
 * The error the route answers in place of @tus/server's own body, which for
 * an unexpected error shows its message (often a server path): tus protocol
 * refusals (with a `status_code`) are left to tus.
 */
function asNimbusError(error: unknown): NimbusError | undefined {
  if (error instanceof NimbusError) return error;
  if (typeof error === "object" && error !== null && "status_code" in error) return undefined;
  return storageFailure(error) ?? new NimbusError("internal", "upload storage failed", { cause: error });
}

/**
 * A request body as a web stream without copying its chunks (they are fresh
 * buffers from the socket, read by nobody else), paused while 1 MiB is queued.
 */
function requestBody(req: IncomingMessage): ReadableStream<Uint8Array> {
  return new ReadableStream<Uint8Array>(
    {
      start(controller) {
        let open = true;
        const settle = (error?: Error) => {
          if (!open) return;
          open = false;
          if (error) controller.error(error);
          else controller.close();
        };
        req.on("data", (chunk: Buffer) => {
          if (!open) return;
          controller.enqueue(chunk);
          if ((controller.desiredSize ?? 0) <= 0) req.pause();
        });
        req.once("end", () => settle());
        req.once("error", (error) => settle(error));
        req.once("close", () => settle(req.complete ? undefined : new Error("the client went away")));
      },
      pull() {
        req.resume();
      },
      cancel() {
        req.pause();
      },
    },
    new ByteLengthQueuingStrategy({ highWaterMark: 1024 * 1024 }),
  );
}
