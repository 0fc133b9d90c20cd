import type { FileHandle } from "node:fs/promises";
import { Writable } from "node:stream";
import { PeriodicDatasync } from "../../lib/periodic-datasync.js";
import { unwritten } from "../../lib/unwritten.js";

/**
 * Bytes gathered before one `writev`: fewer, bigger writes than fs.WriteStream's 16 KiB,
 * but not 8 MiB, which ran the upload bench at half the speed (decision 0009).
 */
const BATCH_BYTES = 1024 * 1024;
/** Bytes written between two background `fdatasync`s, so the disk keeps pace with the socket. */
const SYNC_EVERY_BYTES = 64 * 1024 * 1024;

/**
 * Writes a request's bytes at `position` of an upload file in large batches,
 * flushing to disk in the background as it goes and once more at the end: when
 * a PATCH is acknowledged its bytes are on disk, and finishing a big upload
 * does not wait for gigabytes of write-back. `written` counts what reached the file.
 */
export class UploadFileWriter extends Writable {
  written = 0;
  private syncError: Error | undefined;
  private readonly sync: PeriodicDatasync;

  constructor(
    private readonly file: FileHandle,
    private position: number,
    private readonly onWritten: (end: number) => void,
  ) {
    super({ highWaterMark: BATCH_BYTES });
    this.sync = new PeriodicDatasync(file, SYNC_EVERY_BYTES, (error) => {
      this.syncError = error;
    });
  }

  override _writev(chunks: Array<{ chunk: Buffer }>, callback: (error?: Error | null) => void): void {
    this.writeAll(chunks.map((c) => c.chunk)).then(() => callback(), callback);
  }

  override _write(chunk: Buffer, _encoding: BufferEncoding, callback: (error?: Error | null) => void): void {
    this.writeAll([chunk]).then(() => callback(), callback);
  }

  override _final(callback: (error?: Error | null) => void): void {
    this.flush().then(() => callback(), callback);
  }

  /** Waits for the background flush, then flushes what is left. */
  async flush(): Promise<void> {
    await this.sync.settled();
    if (this.syncError) throw this.syncError;
    await this.sync.rest();
  }

  private async writeAll(buffers: Buffer[]): Promise<void> {
    if (this.syncError) throw this.syncError;
    let pending = buffers;
    while (pending.length > 0) {
      const { bytesWritten } = await this.file.writev(pending, this.position);
      this.position += bytesWritten;
      this.written += bytesWritten;
      this.sync.written(bytesWritten);
      pending = unwritten(pending, bytesWritten);
    }
    this.onWritten(this.position);
  }
}
