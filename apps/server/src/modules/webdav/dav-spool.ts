import { randomUUID } from "node:crypto";
import { mkdir, open, rm } from "node:fs/promises";
import path from "node:path";
import { pipeline } from "node:stream/promises";
import { NimbusError } from "@nimbus/protocol";
import { UploadFileWriter } from "../uploads/upload-file-writer.js";

/** A request body written to a file of this node's DATA_DIR/tmp: where, and how many bytes. */
export interface Spooled {
  file: string;
  size: number;
  remove(): Promise<void>;
}

export interface SpoolOptions {
  signal?: AbortSignal;
  /** Bytes 0..`end` of `file` are on their way to disk (the uploads hash them right behind). */
  onWritten?(file: string, end: number): void;
}

/**
 * Bodies up to this size with a `Content-Length` are read into memory and filed with
 * `UploadService.storeBytes` (hashed on the spot, one temp file) instead of spooled (decision 0079).
 */
export const SMALL_PUT_BYTES = 64 * 1024;

/**
 * Reads a small body of `declared` bytes into memory: `file_size_mismatch` when it ends
 * short (a client that went away fails the read itself).
 */
export async function readSmallBody(body: AsyncIterable<Uint8Array>, declared: number): Promise<Buffer> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of body) {
    size += chunk.byteLength;
    if (size > declared) break;
    chunks.push(Buffer.from(chunk.buffer, chunk.byteOffset, chunk.byteLength));
  }
  if (size !== declared) {
    throw new NimbusError("file_size_mismatch", `the body had ${size} of ${declared} bytes`);
  }
  return chunks.length === 1 ? (chunks[0] as Buffer) : Buffer.concat(chunks, size);
}

/** Folders made already (once per process, not once per PUT). */
const made = new Set<string>();

/**
 * Writes a WebDAV `PUT` body to a file in `dir` with the uploads' writer (big batched writes,
 * flushed to disk as they go and at the end), counting its bytes as they arrive: past
 * `available` bytes it stops at once with `file_space_not_enough`, the bytes so far removed.
 * The caller then files it as an upload (`UploadService.storeFetched`: reserved, hashed behind
 * the writes, adopted into the blob store without a copy); the hourly temp sweep removes what
 * a crash leaves behind.
 */
export async function spoolWithin(
  body: AsyncIterable<Uint8Array>,
  dir: string,
  available: number,
  options: SpoolOptions = {},
): Promise<Spooled> {
  if (!made.has(dir)) {
    await mkdir(dir, { recursive: true });
    made.add(dir);
  }
  const file = path.join(dir, `dav-put-${randomUUID()}`);
  const remove = () => rm(file, { force: true });
  let size = 0;
  async function* counted(): AsyncIterable<Uint8Array> {
    for await (const chunk of body) {
      size += chunk.byteLength;
      if (size > available) {
        throw new NimbusError("file_space_not_enough", "the body outgrew the space left in the drive");
      }
      yield chunk;
    }
  }
  const handle = await open(file, "wx").catch(async (error: NodeJS.ErrnoException) => {
    if (error.code !== "ENOENT") throw error;
    await mkdir(dir, { recursive: true }); // removed since it was made
    return open(file, "wx");
  });
  try {
    const writer = new UploadFileWriter(handle, 0, (end) => options.onWritten?.(file, end));
    await pipeline(counted, writer, options.signal ? { signal: options.signal } : {});
  } catch (error) {
    await handle.close().catch(() => undefined);
    await remove();
    throw error;
  }
  await handle.close();
  return { file, size, remove };
}
