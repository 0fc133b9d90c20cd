import type { FileHandle } from "node:fs/promises";
import { PeriodicDatasync } from "../../lib/periodic-datasync.js";
import { unwritten } from "../../lib/unwritten.js";

/**
 * Bytes queued in memory before the source is asked to pause. Small on purpose: a 32 MiB queue
 * (and 4 MiB minimum batches) ran at 100–190 MiB/s where 8 MiB ran at 300–470 on this VM, whose
 * fresh memory pages are dear; a deeper queue only holds more buffers alive.
 */
const QUEUE_LIMIT_BYTES = 8 * 1024 * 1024;
/** Bytes written between two background `fdatasync`s, so the end's flush stays short. */
const SYNC_EVERY_BYTES = 256 * 1024 * 1024;

/**
 * Writes a fetched body at `position` of a file without an `await` per chunk: `push` queues
 * and, when no write is on its way, starts one `writev` of everything queued (so batches grow
 * as large as the disk lags the socket); `push` answers false when the queue is full (the caller pauses its socket until `onDrain`). The file is
 * `fdatasync`ed in the background every 256 MiB and once more by `end`. `onWritten` gets the
 * end offset after every write (the GCID is hashed behind it).
 */
export class BatchedFileWriter {
  private queue: Buffer[] = [];
  private queued = 0;
  private writing: Promise<void> | undefined;
  private failure: Error | undefined;
  private readonly sync: PeriodicDatasync;
  private drainWaiter: (() => void) | undefined;

  constructor(
    private readonly file: FileHandle,
    private position: number,
    private readonly onWritten: (end: number) => void,
  ) {
    this.sync = new PeriodicDatasync(file, SYNC_EVERY_BYTES, (error) => {
      this.failure ??= error;
    });
  }

  /** The first write or sync error, if any (the caller stops reading). */
  get error(): Error | undefined {
    return this.failure;
  }

  /** Queues `chunk`; false when the caller should pause until `onDrain` calls back. */
  push(chunk: Buffer): boolean {
    if (this.failure) return false;
    this.queue.push(chunk);
    this.queued += chunk.length;
    this.kick();
    return this.queued < QUEUE_LIMIT_BYTES;
  }

  /** Calls `resume` once the queue has room again (or the writer failed). */
  onDrain(resume: () => void): void {
    if (this.queued < QUEUE_LIMIT_BYTES || this.failure) resume();
    else this.drainWaiter = resume;
  }

  /** Writes what is queued and makes the file durable. */
  async end(): Promise<void> {
    while (this.writing || this.queued > 0) {
      this.kick();
      await this.writing;
    }
    await this.sync.settled();
    if (this.failure) throw this.failure;
    await this.sync.rest();
  }

  /** Writes what is queued, without a flush (it is kept for a resume), and stops. */
  async abort(): Promise<void> {
    while (this.writing || (this.queued > 0 && !this.failure)) {
      this.kick();
      await this.writing;
    }
    await this.sync.settled();
  }

  private kick(): void {
    if (this.writing || this.queued === 0 || this.failure) return;
    const batch = this.queue;
    this.queue = [];
    this.queued = 0;
    this.writing = this.writeAll(batch)
      .catch((error: Error) => {
        this.failure ??= error;
      })
      .finally(() => {
        this.writing = undefined;
        const waiter = this.drainWaiter;
        this.drainWaiter = undefined;
        waiter?.();
        this.kick();
      });
  }

  private async writeAll(buffers: Buffer[]): Promise<void> {
    let pending = buffers;
    while (pending.length > 0) {
      const { bytesWritten } = await this.file.writev(pending, this.position);
      this.position += bytesWritten;
      this.sync.written(bytesWritten);
      pending = unwritten(pending, bytesWritten);
    }
    this.onWritten(this.position);
  }
}
