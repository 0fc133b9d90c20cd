import { randomBytes } from "node:crypto";
import { constants } from "node:fs";
import { type FileHandle, open, rm, stat } from "node:fs/promises";
import path from "node:path";
import { Writable } from "node:stream";

/**
 * O_DIRECT wants buffers, offsets and lengths aligned to the device's logical block;
 * 4 KiB covers every common device (most are 512 bytes).
 */
export const DIRECT_ALIGN = 4096;
const BUFFER_BYTES = 1024 * 1024;
/** Writes in flight at once per writer (each owns one buffer). */
const BUFFERS = 4;

/** Node's global WebAssembly (absent from @types/node 20). */
declare const WebAssembly: { Memory: new (descriptor: { initial: number }) => { buffer: ArrayBuffer } };

/**
 * Sets of page-aligned buffers, kept for the next writer. Plain Buffers are only
 * 16-byte aligned; a WebAssembly memory is mapped on pages of its own.
 */
const spareSets: Buffer[][] = [];

function takeBuffers(): Buffer[] {
  const spare = spareSets.pop();
  if (spare) return spare;
  const memory = new WebAssembly.Memory({ initial: (BUFFERS * BUFFER_BYTES) / 65536 });
  return Array.from({ length: BUFFERS }, (_, i) =>
    Buffer.from(memory.buffer, i * BUFFER_BYTES, BUFFER_BYTES),
  );
}

function returnBuffers(buffers: Buffer[]): void {
  if (spareSets.length < 2) spareSets.push(buffers);
}

const supportByDevice = new Map<number, Promise<boolean>>();

/**
 * Whether files in `dir` can be written with O_DIRECT (tmpfs and some network or
 * FUSE filesystems refuse it): one 4 KiB probe file per filesystem, remembered.
 */
export async function supportsDirectIo(dir: string): Promise<boolean> {
  if (constants.O_DIRECT === undefined) return false;
  const { dev } = await stat(dir);
  let known = supportByDevice.get(dev);
  if (!known) {
    known = probe(dir);
    supportByDevice.set(dev, known);
  }
  return known;
}

async function probe(dir: string): Promise<boolean> {
  const file = path.join(dir, `.direct-io-probe-${randomBytes(6).toString("hex")}`);
  const buffers = takeBuffers();
  let handle: FileHandle | undefined;
  try {
    handle = await open(file, constants.O_WRONLY | constants.O_CREAT | constants.O_EXCL | constants.O_DIRECT);
    const { bytesWritten } = await handle.write(buffers[0] as Buffer, 0, DIRECT_ALIGN, 0);
    return bytesWritten === DIRECT_ALIGN;
  } catch {
    return false;
  } finally {
    returnBuffers(buffers);
    await handle?.close().catch(() => undefined);
    await rm(file, { force: true });
  }
}

/** Opens `file` for writes that bypass the page cache (it must exist or `create` be set). */
export function openDirect(file: string, create: boolean): Promise<FileHandle> {
  return open(
    file,
    constants.O_WRONLY | constants.O_DIRECT | (create ? constants.O_CREAT | constants.O_TRUNC : 0),
  );
}

interface PendingWrite {
  end: number;
  done: Promise<void>;
  settled: boolean;
}

/**
 * Writes a stream of bytes from `position` of a file opened with O_DIRECT
 * (`openDirect`): the bytes are copied into page-aligned 1 MiB buffers, up to four
 * writes in flight, and go to the disk without passing through the page cache.
 * On a VM's disk that is the difference between a fetch writing at the disk's
 * speed and one bounded by page-cache writeback (decision 0048). The last partial
 * buffer is written through an ordinary handle on `tail` (the same file) when the
 * stream ends, then the file is flushed once. `onWritten(end)` reports, in order,
 * how far the file holds every byte; when the writer is destroyed, a partly
 * filled buffer is dropped, so the file ends on a buffer boundary.
 */
export class DirectFileWriter extends Writable {
  written = 0;
  private readonly buffers = takeBuffers();
  private current = 0;
  private fill = 0;
  private readonly pending: PendingWrite[] = [];
  private failure: Error | undefined;
  private released = false;

  constructor(
    private readonly file: FileHandle,
    private readonly tail: string,
    private position: number,
    private readonly onWritten: (end: number) => void,
  ) {
    super({ highWaterMark: BUFFER_BYTES });
    if (position % DIRECT_ALIGN !== 0)
      throw new Error(`direct writes must start on a ${DIRECT_ALIGN}-byte boundary`);
  }

  override _write(chunk: Buffer, _encoding: BufferEncoding, callback: (error?: Error | null) => void): void {
    this.take(chunk).then(() => callback(), callback);
  }

  override _final(callback: (error?: Error | null) => void): void {
    this.finish().then(() => callback(), callback);
  }

  override _destroy(error: Error | null, callback: (error?: Error | null) => void): void {
    this.settle().then(
      () => callback(error),
      () => callback(error),
    );
  }

  /** Waits for the writes in flight and flushes what they wrote (a destroyed writer's partial buffer is dropped). */
  async flush(): Promise<void> {
    await this.settle();
    if (this.failure) throw this.failure;
    await this.file.datasync();
  }

  private async take(chunk: Buffer): Promise<void> {
    let offset = 0;
    while (offset < chunk.length) {
      if (this.failure) throw this.failure;
      const copied = chunk.copy(this.buffers[this.current] as Buffer, this.fill, offset);
      this.fill += copied;
      offset += copied;
      if (this.fill === BUFFER_BYTES) await this.submit();
    }
  }

  /** Writes the full current buffer; returns once the next buffer is free. */
  private async submit(): Promise<void> {
    const buffer = this.buffers[this.current] as Buffer;
    const at = this.position;
    this.position += BUFFER_BYTES;
    this.fill = 0;
    this.current = (this.current + 1) % BUFFERS;
    const write: PendingWrite = { end: this.position, settled: false, done: Promise.resolve() };
    write.done = this.file
      .write(buffer, 0, BUFFER_BYTES, at)
      .then(
        ({ bytesWritten }) => {
          if (bytesWritten !== BUFFER_BYTES)
            throw new Error(`short direct write: ${bytesWritten} of ${BUFFER_BYTES}`);
          write.settled = true;
          this.report();
        },
        (error: Error) => {
          write.settled = true;
          this.failure ??= error;
        },
      )
      .catch((error: Error) => {
        write.settled = true;
        this.failure ??= error;
      });
    this.pending.push(write);
    // The buffer to fill next belongs to the oldest write while all of them are in flight.
    if (this.pending.length === BUFFERS) await this.pending[0]?.done;
    if (this.failure) throw this.failure;
  }

  /** Reports the writes that are done, in file order (a later one may finish first). */
  private report(): void {
    let end: number | undefined;
    while (this.pending[0]?.settled && !this.failure) {
      end = (this.pending.shift() as PendingWrite).end;
      this.written += BUFFER_BYTES;
    }
    if (end !== undefined) this.onWritten(end);
  }

  private async finish(): Promise<void> {
    await this.settle();
    if (this.failure) throw this.failure;
    if (this.fill > 0) {
      const tail = await open(this.tail, "r+");
      try {
        const { bytesWritten } = await tail.write(
          this.buffers[this.current] as Buffer,
          0,
          this.fill,
          this.position,
        );
        if (bytesWritten !== this.fill) throw new Error(`short write: ${bytesWritten} of ${this.fill}`);
        await tail.datasync();
      } finally {
        await tail.close();
      }
      this.position += this.fill;
      this.written += this.fill;
      this.fill = 0;
    }
    // The data is on the device already; this makes the file's length and the device's cache durable.
    await this.file.datasync();
    this.onWritten(this.position);
    this.release();
  }

  /** Waits until no write is in flight, then gives the buffers back. */
  private async settle(): Promise<void> {
    await Promise.all(this.pending.map((write) => write.done));
    this.report();
    this.pending.length = 0;
    if (this.destroyed) this.release();
  }

  private release(): void {
    if (this.released) return;
    this.released = true;
    returnBuffers(this.buffers);
  }
}
