import { createHash } from "node:crypto";
import http from "node:http";
import type { AddressInfo } from "node:net";
import { GcidHasher } from "@nimbus/protocol";
import * as tus from "tus-js-client";
import { sha1Factory } from "../../src/blobs/blob-store.js";
import type { NimbusApp } from "../../src/http/types.js";
import type { TestUser } from "./users.js";

export function gcidOf(bytes: Buffer): string {
  const hasher = new GcidHasher(bytes.length, sha1Factory);
  hasher.update(bytes);
  return hasher.digest();
}

export function sha256Of(bytes: Buffer): string {
  return createHash("sha256").update(bytes).digest("hex");
}

/** Bytes that differ per seed, cheap to make in MiBs. */
export function patternBytes(size: number, seed: number): Buffer {
  const bytes = Buffer.alloc(size);
  for (let i = 0; i < size; i++) bytes[i] = (i * 31 + seed * 7 + (i >> 12)) & 0xff;
  return bytes;
}

/** `POST /drive/v1/files` for a file. */
export async function startUpload(app: NimbusApp, user: TestUser, body: Record<string, unknown>) {
  return app.inject({
    method: "POST",
    url: "/drive/v1/files",
    headers: user.auth,
    payload: { kind: "drive#file", parent_id: "", upload_type: "UPLOAD_TYPE_RESUMABLE", ...body },
  });
}

/** Listens on a loopback port and returns its origin. */
export async function listen(app: NimbusApp): Promise<string> {
  await app.listen({ port: 0, host: "127.0.0.1" });
  const { port } = app.server.address() as AddressInfo;
  return `http://127.0.0.1:${port}`;
}

/** The upload URL the API named, moved onto the origin the test server listens on. */
export function onOrigin(url: string, origin: string): string {
  const parsed = new URL(url);
  return `${origin}${parsed.pathname}`;
}

export interface TusRun {
  /** Resolves when the upload succeeds; rejects with tus-js-client's DetailedError. */
  done: Promise<void>;
  upload: tus.Upload;
}

/**
 * Uploads `bytes` to an existing tus upload URL with the real tus-js-client.
 * `abortAfter` aborts between requests once that many bytes were acknowledged.
 */
export function tusUpload(
  bytes: Buffer,
  options: { url: string; token: string; chunkSize?: number; abortAfter?: number },
): TusRun {
  let upload!: tus.Upload;
  const done = new Promise<void>((resolve, reject) => {
    upload = new tus.Upload(bytes, {
      uploadUrl: options.url,
      headers: { authorization: `Bearer ${options.token}` },
      chunkSize: options.chunkSize ?? Number.POSITIVE_INFINITY,
      retryDelays: [],
      onSuccess: () => resolve(),
      onError: (error) => reject(error),
      onChunkComplete: (_chunk, accepted) => {
        if (options.abortAfter !== undefined && accepted >= options.abortAfter) {
          void upload.abort().then(() => reject(new Error("aborted")));
        }
      },
    });
    upload.start();
  });
  return { done, upload };
}

/**
 * A PATCH of the whole file from offset 0 whose connection drops after `sent`
 * bytes (the client vanishes mid-request). Resolves once the socket is gone.
 */
export async function droppedPatch(url: string, token: string, bytes: Buffer, sent: number): Promise<void> {
  const request = http.request(url, {
    method: "PATCH",
    headers: {
      authorization: `Bearer ${token}`,
      "tus-resumable": "1.0.0",
      "upload-offset": "0",
      "content-type": "application/offset+octet-stream",
      "content-length": String(bytes.length),
    },
  });
  request.on("error", () => {}); // the drop is the point
  await new Promise<void>((resolve) => request.write(bytes.subarray(0, sent), () => resolve()));
  await new Promise((resolve) => setTimeout(resolve, 200));
  request.destroy();
  await new Promise((resolve) => setTimeout(resolve, 50));
}

/** The status and body of the response a tus-js-client error carries. */
export function tusFailure(error: unknown): { status: number; body: string } {
  const response = (error as tus.DetailedError).originalResponse;
  return { status: response?.getStatus() ?? 0, body: response?.getBody() ?? String(error) };
}
