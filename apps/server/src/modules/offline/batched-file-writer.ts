import type { FileHandle } from "node:fs/promises";

/** Bytes gathered before one `writev` (a socket delivers 64 KiB at a time). */
const BATCH_BYTES = 4 * 1024 * 1024;
/** Bytes queued in memory before the source is asked to pause. */
const QUEUE_LIMIT_BYTES = 32 * 1024 * 1024;
/** Bytes written between two background `fdatasync`s, so the end's flush stays short. */
const SYNC_EVERY_BYTES = 256 * 1024 * 1024;
/** A smaller batch is written after this long without a write: a slow or stalled body still reaches the file. */
const IDLE_FLUSH_MS = 25;

/**
 * Writes a fetched body at `position` of a file without an `await` per chunk: `push` only
 * queues, one `writev` of the queued chunks is on its way at a time, and `push` answers
 * false when the queue is full (the caller pauses its socket until `onDrain`). The file is
 * `fdatasync`ed in the background every 256 MiB and once more by `end`. `onWritten` gets the
 * end offset after every write (the GCID is hashed behind it).
 */
export class BatchedFileWriter {
  private queue: Buffer[] = [];
  private queued = 0;
  private writing: Promise<void> | undefined;
  private syncing: Promise<void> | undefined;
  private unsynced = 0;
  private failure: Error | undefined;
  private drainWaiter: (() => void) | undefined;
  private idleFlush: NodeJS.Timeout | undefined;

  constructor(
    private readonly file: FileHandle,
    private position: number,
    private readonly onWritten: (end: number) => void,
  ) {}

  /** The first write or sync error, if any (the caller stops reading). */
  get error(): Error | undefined {
    return this.failure;
  }

  /** Queues `chunk`; false when the caller should pause until `onDrain` calls back. */
  push(chunk: Buffer): boolean {
    if (this.failure) return false;
    this.queue.push(chunk);
    this.queued += chunk.length;
    if (this.queued >= BATCH_BYTES) this.kick();
    else this.idleFlush ??= setTimeout(() => this.kick(), IDLE_FLUSH_MS);
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
    await this.syncing;
    if (this.failure) throw this.failure;
    if (this.unsynced > 0) {
      this.unsynced = 0;
      await this.file.datasync();
    }
  }

  /** Writes what is queued, without a flush (it is kept for a resume), and stops. */
  async abort(): Promise<void> {
    while (this.writing || (this.queued > 0 && !this.failure)) {
      this.kick();
      await this.writing;
    }
    await this.syncing;
  }

  private kick(): void {
    clearTimeout(this.idleFlush);
    this.idleFlush = undefined;
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
        if (this.queued >= BATCH_BYTES) this.kick();
        else if (this.queued > 0) this.idleFlush ??= setTimeout(() => this.kick(), IDLE_FLUSH_MS);
      });
  }

  private async writeAll(buffers: Buffer[]): Promise<void> {
    let pending = buffers;
    while (pending.length > 0) {
      const { bytesWritten } = await this.file.writev(pending, this.position);
      this.position += bytesWritten;
      this.unsynced += bytesWritten;
      pending = remainder(pending, bytesWritten);
    }
    this.onWritten(this.position);
    if (this.unsynced >= SYNC_EVERY_BYTES && !this.syncing) {
      this.unsynced = 0;
      this.syncing = this.file
        .datasync()
        .catch((error: Error) => {
          this.failure ??= error;
        })
        .finally(() => {
          this.syncing = undefined;
        });
    }
  }
}

/** What is left of `buffers` after the first `done` bytes were written (writev may be partial). */
function remainder(buffers: Buffer[], done: number): Buffer[] {
  let skip = done;
  const rest: Buffer[] = [];
  for (const buffer of buffers) {
    if (skip >= buffer.length) {
      skip -= buffer.length;
      continue;
    }
    rest.push(skip > 0 ? buffer.subarray(skip) : buffer);
    skip = 0;
  }
  return rest;
}
