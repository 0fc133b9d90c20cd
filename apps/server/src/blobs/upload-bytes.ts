import type { Readable } from "node:stream";

/**
 * Where the bytes of unfinished resumable uploads live until the last PATCH
 * turns them into a blob. The offset of an upload is how many bytes are stored
 * for it, so any holder of the same store can resume it.
 */
export interface UploadBytes {
  /** True when every node sees the same bytes (a bucket), false for one node's disk. */
  readonly shared: boolean;
  /** Creates the empty bytes of a new upload (idempotent: never drops bytes already there). */
  create(id: string): Promise<void>;
  /**
   * Appends a PATCH body at `offset` (tus checked it is the current offset);
   * resolves to the new offset, rejects when storage failed.
   */
  write(readable: Readable, id: string, offset: number, size: number): Promise<number>;
  /** Bytes received so far, or undefined when the upload has no bytes at all. */
  offsetOf(id: string): Promise<number | undefined>;
  /** Every byte received, in order. */
  readAll(id: string): Readable;
  /** Deletes an upload's bytes; idempotent. */
  discard(id: string): Promise<void>;
  /** Ids of every upload with bytes stored (for sweeping bytes whose upload is gone). */
  ids(): Promise<string[]>;
  /** When an upload's bytes were last written (epoch ms), or undefined when it has none. */
  modifiedAt(id: string): Promise<number | undefined>;
}
