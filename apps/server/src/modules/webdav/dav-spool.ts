import { randomUUID } from "node:crypto";
import { createWriteStream } from "node:fs";
import { mkdir, rm } from "node:fs/promises";
import path from "node:path";
import { pipeline } from "node:stream/promises";
import { NimbusError } from "@nimbus/protocol";

/** A body of unknown length written to a file of this node's DATA_DIR/tmp: where, and how many bytes. */
export interface Spooled {
  file: string;
  size: number;
  remove(): Promise<void>;
}

/**
 * Writes a body of unknown length (a chunked WebDAV PUT) to `dir`, counting its bytes as they
 * arrive: past `available` bytes it stops at once with `file_space_not_enough`, the bytes so far
 * removed. The caller then stores the file with its size known (the drive reserves and hashes
 * by size); the hourly temp sweep removes what a crash leaves behind.
 */
export async function spoolWithin(
  body: AsyncIterable<Uint8Array>,
  dir: string,
  available: number,
  signal?: AbortSignal,
): Promise<Spooled> {
  await mkdir(dir, { recursive: true });
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
  try {
    await pipeline(counted, createWriteStream(file, { flags: "wx" }), signal ? { signal } : {});
  } catch (error) {
    await remove();
    throw error;
  }
  return { file, size, remove };
}
