import type { FileHandle } from "node:fs/promises";
import { Readable } from "node:stream";

/** 2 MiB reads: a download's two buffers are 4 MiB, 80 MiB for 20 at once (bench/download.mjs). */
export const FILE_READ_CHUNK = 2 * 1024 * 1024;

/**
 * Reads `start..end` (inclusive; to the end of the file without `end`) of an open file in
 * chunks of {@link FILE_READ_CHUNK}, and closes the handle when done or destroyed.
 *
 * A consumer that is finished with a chunk (its socket write completed) may hand it back
 * with {@link release}, and a later read fills it again. Node's own file stream allocates a
 * fresh buffer for every read instead: on a memory-bound machine the page faults of fresh
 * buffers cost more than the copy itself, and a download through reused buffers runs about
 * 1.5 times as fast for a third less CPU (decision 0087). A consumer that never releases
 * gets a fresh buffer per chunk, as from `createReadStream`, so keeping a chunk is safe.
 */
export class FileReadStream extends Readable {
  private position: number;
  private readonly end: number | undefined;
  private readonly own = new WeakSet<ArrayBufferLike>();
  private readonly free: Buffer[] = [];

  constructor(
    private readonly handle: FileHandle,
    range: { start?: number; end?: number } = {},
    private readonly chunkSize = FILE_READ_CHUNK,
  ) {
    // One chunk read ahead while the consumer writes the last one.
    super({ highWaterMark: 1 });
    this.position = range.start ?? 0;
    this.end = range.end;
  }

  /** Hands back a chunk this stream pushed, once nothing reads it any more. */
  release(chunk: Buffer): void {
    if (this.own.has(chunk.buffer) && this.free.length < 2 && !this.destroyed) {
      this.free.push(Buffer.from(chunk.buffer, 0, this.chunkSize));
    }
  }

  override _read(): void {
    const end = this.end;
    const length = end === undefined ? this.chunkSize : Math.min(this.chunkSize, end - this.position + 1);
    if (length <= 0) {
      this.push(null);
      return;
    }
    const buffer = this.free.pop() ?? this.allocate();
    this.handle.read(buffer, 0, length, this.position).then(
      ({ bytesRead }) => {
        if (this.destroyed) return;
        if (bytesRead === 0 && end === undefined) {
          this.push(null);
          return;
        }
        if (bytesRead === 0) {
          // The file is shorter than the range asked for: it changed under the reader.
          this.destroy(new Error(`file ended at ${this.position}, before ${end}`));
          return;
        }
        this.position += bytesRead;
        this.push(bytesRead === buffer.length ? buffer : buffer.subarray(0, bytesRead));
      },
      (error: Error) => this.destroy(error),
    );
  }

  override _destroy(error: Error | null, callback: (error?: Error | null) => void): void {
    this.free.length = 0;
    this.handle.close().then(
      () => callback(error),
      (closeError: Error) => callback(error ?? closeError),
    );
  }

  private allocate(): Buffer {
    const buffer = Buffer.allocUnsafeSlow(this.chunkSize);
    this.own.add(buffer.buffer);
    return buffer;
  }
}
