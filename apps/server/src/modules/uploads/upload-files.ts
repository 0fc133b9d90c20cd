import { createReadStream } from "node:fs";
import { mkdir, open, readdir, rm, stat } from "node:fs/promises";
import path from "node:path";
import type { Readable } from "node:stream";
import { pipeline } from "node:stream/promises";
import type { UploadBytes } from "../../blobs/upload-bytes.js";
import { isId } from "../../lib/ids.js";
import { UploadFileWriter } from "./upload-file-writer.js";

/**
 * The bytes of tus uploads in progress: one file per upload under
 * DATA_DIR/uploads, named by the upload id. The offset of an upload is the
 * length of its file, so it resumes after a dropped connection or a restart.
 */
export class UploadFiles implements UploadBytes {
  /** One node's disk: a load balancer must keep an upload's requests on the node that has its bytes. */
  readonly shared = false;

  constructor(
    readonly directory: string,
    /** Told after every write how far an upload's file now reaches (for hashing behind the writes). */
    private readonly onWritten: (id: string, size: number, end: number) => void = () => {},
  ) {}

  /** Creates the empty file of a new upload (idempotent: never truncates bytes already there). */
  async create(id: string): Promise<void> {
    const file = this.pathOf(id);
    await mkdir(path.dirname(file), { recursive: true });
    await (await open(file, "a")).close();
  }

  /**
   * Writes a PATCH body at `offset` (tus checked it is the file's length) in big
   * batches, flushed to disk as it goes. Whatever arrived before a dropped
   * connection stays. Resolves to the new offset; rejects if the disk failed.
   */
  async write(readable: Readable, id: string, offset: number, size: number): Promise<number> {
    const file = await open(this.pathOf(id), "r+");
    const writer = new UploadFileWriter(file, offset, (end) => this.onWritten(id, size, end));
    try {
      await pipeline(readable, writer);
    } catch (error) {
      await writer.flush().catch(() => {});
      throw error;
    } finally {
      await file.close();
    }
    return offset + writer.written;
  }

  /** Bytes received so far, or undefined when the upload has no file. */
  async offsetOf(id: string): Promise<number | undefined> {
    try {
      return (await stat(this.pathOf(id))).size;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === "ENOENT") return undefined;
      throw error;
    }
  }

  async modifiedAt(id: string): Promise<number | undefined> {
    return (await stat(this.pathOf(id)).catch(() => undefined))?.mtimeMs;
  }

  readAll(id: string): Readable {
    return createReadStream(this.pathOf(id), { highWaterMark: 1024 * 1024 });
  }

  /** Deletes an upload's bytes; idempotent. */
  async discard(id: string): Promise<void> {
    await rm(this.pathOf(id), { force: true });
  }

  /** Ids of every upload with bytes on disk (for sweeping files whose upload is gone). */
  async ids(): Promise<string[]> {
    const names = await readdir(this.directory).catch(() => [] as string[]);
    return names.filter((name) => isId(name));
  }

  /** The only way a path is built: from a validated upload id. */
  pathOf(id: string): string {
    if (!isId(id)) throw new Error(`not an upload id: ${id}`);
    return path.join(this.directory, id);
  }
}
