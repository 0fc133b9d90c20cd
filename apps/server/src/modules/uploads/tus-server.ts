import type { IncomingMessage, ServerResponse } from "node:http";
import type { Readable } from "node:stream";
import { NimbusError } from "@nimbus/protocol";
import { FileStore } from "@tus/file-store";
import { ERRORS, type KvStore, Metadata, Server, Upload } from "@tus/server";
import { NodeRequest } from "srvx/node";
import type { UploadFiles } from "./upload-files.js";

/** What tus needs to know of an upload: its declared size, from the `uploads` table. */
export type UploadSizeLookup = (id: string) => Promise<{ size: number; createdAt: number } | undefined>;

export interface TusServerOptions {
  path: string;
  files: UploadFiles;
  lookup: UploadSizeLookup;
  /** Runs when the last byte of an upload is written, before the last PATCH is answered. */
  onFinished: (uploadId: string) => Promise<void>;
}

/** The tus side of resumable uploads, loaded on the first tus request (it costs start-up time). */
export interface TusHandler {
  /** Runs one request through @tus/server; a domain failure raised while finishing is thrown. */
  handle(req: IncomingMessage, res: ServerResponse): Promise<Response>;
  parseMetadata(header: string | undefined): Record<string, string | null> | undefined;
}

/**
 * Upload metadata for @tus/file-store, read from the database instead of JSON
 * files beside the bytes: the size is fixed when the upload is created and the
 * offset is the length of the file, so nothing else needs saving.
 */
class UploadsTableConfigstore implements KvStore<Upload> {
  constructor(private readonly lookup: UploadSizeLookup) {}

  async get(id: string): Promise<Upload | undefined> {
    const found = await this.lookup(id);
    if (!found) return undefined;
    const created = new Date(found.createdAt).toISOString();
    return new Upload({ id, size: found.size, offset: 0, creation_date: created });
  }

  async set(): Promise<void> {}

  async delete(): Promise<void> {}
}

/** @tus/file-store over `UploadFiles`: same layout, our writer, sizes from the database. */
class TusUploadStore extends FileStore {
  constructor(
    private readonly files: UploadFiles,
    private readonly lookup: UploadSizeLookup,
  ) {
    super({ directory: files.directory, configstore: new UploadsTableConfigstore(lookup) });
    // Uploads are created by POST /drive/v1/files; no deferred lengths or concatenation,
    // and expiry is ours (`uploads.expires_at`).
    this.extensions = ["creation", "termination"];
  }

  override async create(upload: Upload): Promise<Upload> {
    upload.storage = { type: "file", path: await this.files.create(upload.id) };
    return upload;
  }

  override async write(readable: Readable, id: string, offset: number): Promise<number> {
    const found = await this.lookup(id);
    if (!found) throw ERRORS.FILE_NOT_FOUND;
    try {
      return await this.files.write(readable, id, offset, found.size);
    } catch {
      throw ERRORS.FILE_WRITE_ERROR;
    }
  }
}

export function createTusHandler(options: TusServerOptions): TusHandler {
  const failures = new WeakMap<object, NimbusError>();
  const server = new Server({
    path: options.path,
    datastore: new TusUploadStore(options.files, options.lookup),
    allowedHeaders: ["authorization", "x-client-id", "x-device-id", "x-request-id"],
    onUploadFinish: async (_request, upload) => {
      await options.onFinished(upload.id);
      return {};
    },
    onResponseError: (request, error) => {
      if (!(error instanceof NimbusError)) return undefined;
      failures.set(request, error);
      return { status_code: error.status, body: error.message };
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
