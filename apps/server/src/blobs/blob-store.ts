import { createHash, type Hash } from "node:crypto";
import type { Readable } from "node:stream";
import { Transform, type TransformCallback } from "node:stream";
import { GcidHasher, isGcid, NimbusError, type Sha1Factory } from "@nimbus/protocol";
import type { UploadBytes } from "./upload-bytes.js";

/** Inclusive byte range, like HTTP Range; it must lie inside the blob (callers clamp first). */
export interface ByteRange {
  start: number;
  end: number;
}

export interface PutResult {
  /** The GCID of the bytes, which is also the store key. */
  key: string;
  size: number;
  /**
   * Lowercase hex, or null when it was not computed (`adopt`: uploads leave
   * SHA-256 to the first instant-upload claim that needs it, decision 0009).
   */
  sha256: string | null;
  /**
   * False when a blob with this key already existed (dedup). Local disk answers
   * false only for the same bytes (compared; other bytes under the key are refused
   * as a collision); S3 computes `sha256`, which the commit compares with the row's.
   */
  created: boolean;
}

export interface PutOptions {
  size: number;
  signal?: AbortSignal;
}

/** Content-addressed storage: the key of a blob IS its GCID (40 uppercase hex). */
export interface BlobStore {
  readonly kind: "local" | "s3";
  put(source: AsyncIterable<Uint8Array>, options: PutOptions): Promise<PutResult>;
  /**
   * Optional: takes in a complete file already on this machine, whose GCID the
   * caller computed and vouches for, without copying its bytes (local disk: it is
   * flushed and hard-linked under its key; the caller then deletes its own name).
   * Resolves to undefined when that is not possible; the caller then uses `put`.
   */
  adopt?(file: string, digest: { key: string; size: number }): Promise<PutResult | undefined>;
  /**
   * Optional: stores a small body held in memory whose GCID the caller computed and vouches
   * for, with as few filesystem calls as it can (local disk: one temp file written and
   * flushed, hard-linked under its key). Without it the caller streams the bytes to `put`.
   */
  putBytes?(bytes: Uint8Array, digest: { key: string; size: number }): Promise<PutResult>;
  get(key: string, range?: ByteRange): Promise<Readable>;
  /**
   * Optional: a short-lived URL a client fetches the blob from without this node in the path
   * (S3 with S3_PRESIGNED_DOWNLOADS: a presigned GET answering with these headers). Resolves
   * to undefined when the store does not hand out such URLs; the caller then streams `get`.
   */
  downloadUrl?(
    key: string,
    response: { contentDisposition: string; contentType: string },
  ): Promise<string | undefined>;
  /**
   * Optional: the blob's path under the store's directory (`AB/CD/<GCID>`), for a reverse
   * proxy that serves that directory itself (DOWNLOAD_OFFLOAD=x-accel). Local disk only.
   */
  relativePath?(key: string): string;
  /**
   * Optional: storage for unfinished resumable uploads that every node shares (S3: pieces
   * in the bucket), so consecutive PATCHes may land on different nodes. Without it the
   * bytes stay on the receiving node's disk.
   */
  uploadBytes?(): UploadBytes;
  head(key: string): Promise<{ key: string; size: number } | undefined>;
  /** Idempotent. */
  delete(key: string): Promise<void>;
  list(): AsyncIterable<string>;
  /**
   * Optional: removes what crashed writes left in the store's temp area, only
   * what was last written over `olderThanMs` ago (a write in progress keeps
   * touching its temp file). Resolves to how many were removed.
   */
  cleanTemp?(olderThanMs: number): Promise<number>;
  /** Throws when the store is unreachable or unwritable (used by /readyz). */
  ping(): Promise<void>;
  close(): Promise<void>;
}

export const sha1Factory: Sha1Factory = () => createHash("sha1");

export function assertBlobKey(key: string): void {
  if (!isGcid(key)) {
    throw new NimbusError("invalid_argument", "A blob key must be a GCID (40 uppercase hex digits)", {
      metadata: { field: "key" },
    });
  }
}

export function assertBlobSize(size: number): void {
  if (!Number.isSafeInteger(size) || size < 0) {
    throw new NimbusError("invalid_argument", `A blob size must be a non-negative integer, got ${size}`, {
      metadata: { field: "size" },
    });
  }
}

/** Checks the shape of a range; whether it fits the blob is checked by `assertRangeInside`. */
export function assertRangeShape(range: ByteRange): void {
  const { start, end } = range;
  if (!Number.isSafeInteger(start) || !Number.isSafeInteger(end) || start < 0 || end < start) {
    throw new NimbusError("invalid_argument", `Invalid byte range ${start}-${end}`, {
      metadata: { field: "range" },
    });
  }
}

export function assertRangeInside(range: ByteRange, size: number): void {
  if (range.end >= size) {
    throw new NimbusError(
      "range_not_satisfiable",
      `Range ${range.start}-${range.end} is outside ${size} bytes`,
      {
        metadata: { size: String(size) },
      },
    );
  }
}

/**
 * Pass-through stream that computes the GCID and SHA-256 of the bytes while they
 * flow to storage, and fails with `file_size_mismatch` as soon as more bytes than
 * announced arrive, or at the end when fewer did.
 */
export class BlobDigestStream extends Transform {
  private readonly gcid: GcidHasher;
  private readonly sha256: Hash = createHash("sha256");
  private digestResult: { key: string; size: number; sha256: string } | undefined;

  constructor(readonly size: number) {
    super();
    this.gcid = new GcidHasher(size, sha1Factory);
  }

  /** Available once every byte went through. */
  get result(): { key: string; size: number; sha256: string } {
    if (!this.digestResult) throw new NimbusError("internal", "Blob digest read before the stream ended");
    return this.digestResult;
  }

  override _transform(chunk: Buffer, _encoding: BufferEncoding, callback: TransformCallback): void {
    try {
      this.gcid.update(chunk);
      this.sha256.update(chunk);
      callback(null, chunk);
    } catch (error) {
      callback(error as Error);
    }
  }

  override _flush(callback: TransformCallback): void {
    try {
      const key = this.gcid.digest();
      this.digestResult = { key, size: this.size, sha256: this.sha256.digest("hex") };
      callback();
    } catch (error) {
      callback(error as Error);
    }
  }
}

/** The same key (GCID, SHA-1 based) for other bytes: never stored over, never linked to. */
export function collisionRefused(key: string): NimbusError {
  return new NimbusError("data_loss", "content id collision refused", { metadata: { key } });
}

export function blobNotFound(key: string, cause?: unknown): NimbusError {
  return new NimbusError("not_found", `Blob ${key} not found`, { cause, metadata: { key } });
}

export function cancelledError(signal: AbortSignal): NimbusError {
  return new NimbusError("cancelled", "The upload was cancelled", { cause: signal.reason });
}

/** The error a failed put rejects with: our own errors as they are, an abort as `cancelled`. */
export function putFailure(error: unknown, signal: AbortSignal | undefined): unknown {
  if (error instanceof NimbusError || !signal?.aborted) return error;
  return cancelledError(signal);
}
