import type { CreateFileBody, DriveFile, Resumable, UploadChallenge } from "@nimbus/protocol";
import { nimbusApi } from "@nimbus/protocol";
import type { DetailedError } from "tus-js-client";
import { callEndpoint } from "../../api/client.js";
import { getDeviceId } from "../../lib/device-id.js";
import { type KeyValueStorage, memoryStorage } from "../../lib/platform.js";
import { hashFile } from "./hash-client.js";
import { type StartRequest, type StartResult, UploadFailed, type UploadTransport } from "./upload-types.js";

/**
 * Bytes per tus PATCH. Each PATCH ends with an fsync on the server; a retry after a
 * failed PATCH resends from the server's offset, which survives a dropped connection.
 */
export const TUS_CHUNK_BYTES = 32 * 1024 * 1024;
const RETRY_DELAYS_MS = [0, 1000, 3000, 5000, 10_000];

interface CreateAnswer {
  /** Null only for a cloud download (`UPLOAD_TYPE_URL`), which uploads never send. */
  file: DriveFile | null;
  resumable?: Resumable;
  challenge?: UploadChallenge;
}

function clientHeaders(): Record<string, string> {
  let storage: KeyValueStorage;
  try {
    storage = localStorage;
  } catch {
    storage = memoryStorage();
  }
  return { "x-client-id": "nimbus-web", "x-device-id": getDeviceId(storage) };
}

/** The upload URL on this page's origin: the session cookie only goes there. */
export function sameOriginPath(url: string): string {
  const parsed = new URL(url, "http://localhost");
  return parsed.pathname + parsed.search;
}

async function sha1Hex(bytes: ArrayBuffer): Promise<string> {
  const digest = new Uint8Array(await crypto.subtle.digest("SHA-1", bytes));
  return Array.from(digest, (byte) => byte.toString(16).padStart(2, "0")).join("");
}

/** The error object in a tus answer's body, or the bare status when the body is not one. */
export function tusFailure(error: Error | DetailedError): UploadFailed {
  const response = "originalResponse" in error ? error.originalResponse : null;
  if (!response) return new UploadFailed({ error: "unreachable", status: 0 });
  const status = response.getStatus();
  let body: { error?: string; error_description?: string } = {};
  try {
    body = JSON.parse(response.getBody() || "{}") as typeof body;
  } catch {
    // @tus/server's own refusals are plain text.
  }
  const name = body.error ?? (status === 404 || status === 410 ? "upload_not_found" : "unknown");
  const failure = { error: name, error_description: body.error_description, status };
  if (name === "upload_not_found") return new UploadFailed(failure, "start");
  if (name === "file_hash_mismatch") return new UploadFailed(failure, "hash");
  return new UploadFailed(failure, "send");
}

/** The browser's side of uploading: the hash worker, `POST /drive/v1/files`, and tus-js-client. */
export function browserTransport(locale: () => string): UploadTransport {
  const create = async (body: CreateFileBody): Promise<CreateAnswer> => {
    const answer = await callEndpoint(nimbusApi.drive.createFile, {
      body,
      locale: locale(),
    });
    if (!answer.ok) throw new UploadFailed(answer.error, "start");
    return answer.data;
  };
  const resumableOf = (answer: CreateAnswer): StartResult => {
    if (!answer.file) throw new UploadFailed({ error: "unknown", status: 0 }, "start");
    if (answer.file.phase === "PHASE_TYPE_COMPLETE") return { kind: "complete", fileId: answer.file.id };
    if (!answer.resumable) throw new UploadFailed({ error: "unknown", status: 0 }, "start");
    return {
      kind: "resumable",
      fileId: answer.file.id,
      uploadUrl: sameOriginPath(answer.resumable.params.url),
      expiresAt: Date.parse(answer.resumable.params.expires_at),
    };
  };

  return {
    hash: hashFile,

    async start(request: StartRequest) {
      const common = { kind: "drive#file" as const, name: request.name, parent_id: request.parentId };
      const answer = await create({
        ...common,
        size: String(request.size),
        hash: request.digests.gcid,
        block_sha256: request.digests.blockSha256,
        upload_type: "UPLOAD_TYPE_RESUMABLE",
        ...(request.relativePath && { relative_path: request.relativePath }),
      });
      if (!answer.challenge) return resumableOf(answer);
      // Every declared hash is challenged: hashing the range asked proves we hold the bytes, and
      // completes the file at once when the server has them too.
      const { id, start, end } = answer.challenge;
      const range = await request.file.slice(Number(start), Number(end) + 1).arrayBuffer();
      try {
        const proved = await create({ ...common, challenge_id: id, challenge_sha1: await sha1Hex(range) });
        return resumableOf(proved);
      } catch {
        // A refused answer (the server lacks the bytes) leaves the upload open: send them.
        return resumableOf(answer);
      }
    },

    async send(file, uploadUrl, onProgress, signal) {
      const { Upload } = await import("tus-js-client");
      if (signal.aborted) throw signal.reason;
      await new Promise<void>((resolve, reject) => {
        const upload = new Upload(file, {
          uploadUrl,
          chunkSize: TUS_CHUNK_BYTES,
          retryDelays: RETRY_DELAYS_MS,
          headers: clientHeaders(),
          storeFingerprintForResuming: false,
          onProgress: (sent) => onProgress(sent),
          onSuccess: () => resolve(),
          onError: (error) => reject(tusFailure(error)),
        });
        signal.addEventListener(
          "abort",
          () => {
            void upload.abort(false);
            reject(signal.reason);
          },
          { once: true },
        );
        upload.start();
      });
    },

    async cancel(uploadUrl) {
      await fetch(uploadUrl, {
        method: "DELETE",
        credentials: "same-origin",
        headers: { "tus-resumable": "1.0.0", ...clientHeaders() },
      });
    },
  };
}
