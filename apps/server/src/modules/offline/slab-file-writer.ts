import type { FileHandle } from "node:fs/promises";
import { PeriodicDatasync } from "../../lib/periodic-datasync.js";
import { unwritten } from "../../lib/unwritten.js";
import type { RawReceiver } from "./guarded-get.js";

/**
 * A taken-over body is read into 4 slabs of 2 MiB (8 MiB in all, as the batched writer's
 * queue), allocated once per fetch and read into again once written: no buffer per read, so
 * no fresh memory pages (decision 0083).
 */
const SLAB_BYTES = 2 * 1024 * 1024;
const SLABS = 4;
/** Least room worth a read: a slab with less left is written as it is and the next one read into. */
const MIN_ROOM = 64 * 1024;
/** Bytes written between two background `fdatasync`s, so the end's flush stays short. */
const SYNC_EVERY_BYTES = 256 * 1024 * 1024;

interface Slab {
  buffer: Buffer;
  /** Bytes read into it. */
  filled: number;
  /** Of those, bytes written to the file. */
  written: number;
}

/**
 * Writes a body read straight from its socket (`GuardedAnswer.takeOver`) at `position` of a
 * file: reads land in the slab being filled (`room`), and whenever no write is on its way one
 * `writev` of all that was read and not written starts (so batches grow as far as the disk lags
 * the socket). `hasRoom` is false while every slab waits for its write: the caller pauses the
 * socket until `onRoom`. The file is `fdatasync`ed in the background every 256 MiB and once more
 * by `end`; `onWritten` gets the end offset after every write (the GCID is hashed behind it).
 */
export class SlabFileWriter implements RawReceiver {
  /** Slabs with bytes not written yet or being filled, in file order. */
  private readonly queue: Slab[] = [];
  private readonly free: Slab[] = [];
  private filling: Slab | undefined;
  private writing: Promise<void> | undefined;
  private failure: Error | undefined;
  private readonly sync: PeriodicDatasync;
  private roomWaiter: (() => void) | undefined;

  constructor(
    private readonly file: FileHandle,
    private position: number,
    private readonly onWritten: (end: number) => void,
  ) {
    this.sync = new PeriodicDatasync(file, SYNC_EVERY_BYTES, (error) => {
      this.failure ??= error;
    });
    for (let i = 0; i < SLABS; i++)
      this.free.push({ buffer: Buffer.allocUnsafeSlow(SLAB_BYTES), filled: 0, written: 0 });
  }

  /** The first write or sync error, if any (the caller stops reading). */
  get error(): Error | undefined {
    return this.failure;
  }

  /** True while a read has somewhere to land (`room` would give some). */
  get hasRoom(): boolean {
    const slab = this.filling;
    if (slab && slab.buffer.length - slab.filled >= MIN_ROOM) return true;
    const oldest = this.queue[0];
    return this.free.length > 0 || (oldest !== undefined && oldest.written === oldest.filled);
  }

  room(): Buffer | undefined {
    let slab = this.filling;
    if (!slab || slab.buffer.length - slab.filled < MIN_ROOM) {
      this.filling = undefined;
      this.recycle();
      slab = this.free.pop();
      if (!slab) return undefined;
      this.filling = slab;
      this.queue.push(slab);
    }
    return slab.buffer.subarray(slab.filled);
  }

  received(bytes: Buffer, inRoom: boolean): void {
    if (inRoom) {
      (this.filling as Slab).filled += bytes.length;
    } else {
      // Read elsewhere (before the take-over, or while every slab was waiting): copied in.
      for (let at = 0; at < bytes.length; ) {
        let room = this.room();
        if (!room) {
          this.free.push({ buffer: Buffer.allocUnsafeSlow(SLAB_BYTES), filled: 0, written: 0 });
          room = this.room() as Buffer;
        }
        const copied = bytes.copy(room, 0, at);
        (this.filling as Slab).filled += copied;
        at += copied;
      }
    }
    this.kick();
  }

  /** Calls `resume` once a read has somewhere to land again (or the writer failed). */
  onRoom(resume: () => void): void {
    if (this.hasRoom || this.failure) resume();
    else this.roomWaiter = resume;
  }

  /** Writes what was read and makes the file durable. */
  async end(): Promise<void> {
    await this.flush();
    await this.sync.settled();
    if (this.failure) throw this.failure;
    await this.sync.rest();
  }

  /** Writes what was read, without a flush (it is kept for a resume), and stops. */
  async abort(): Promise<void> {
    await this.flush().catch(() => undefined);
    await this.sync.settled();
  }

  private async flush(): Promise<void> {
    while (this.writing || (this.unwrittenBytes() > 0 && !this.failure)) {
      this.kick();
      await this.writing;
    }
  }

  private unwrittenBytes(): number {
    let bytes = 0;
    for (const slab of this.queue) bytes += slab.filled - slab.written;
    return bytes;
  }

  private kick(): void {
    if (this.writing || this.failure) return;
    const regions: Buffer[] = [];
    for (const slab of this.queue) {
      if (slab.filled > slab.written) regions.push(slab.buffer.subarray(slab.written, slab.filled));
    }
    if (regions.length === 0) return;
    this.writing = this.writeAll(regions)
      .catch((error: Error) => {
        this.failure ??= error;
      })
      .finally(() => {
        this.writing = undefined;
        if (this.roomWaiter && (this.hasRoom || this.failure)) {
          const waiter = this.roomWaiter;
          this.roomWaiter = undefined;
          waiter();
        }
        this.kick();
      });
  }

  private async writeAll(regions: Buffer[]): Promise<void> {
    let pending = regions;
    let total = 0;
    for (const region of regions) total += region.length;
    while (pending.length > 0) {
      const { bytesWritten } = await this.file.writev(pending, this.position);
      this.position += bytesWritten;
      this.sync.written(bytesWritten);
      pending = unwritten(pending, bytesWritten);
    }
    this.release(total);
    this.onWritten(this.position);
  }

  /** Marks `bytes` written, oldest slabs first. */
  private release(bytes: number): void {
    let left = bytes;
    for (const slab of this.queue) {
      if (left === 0) break;
      const take = Math.min(left, slab.filled - slab.written);
      slab.written += take;
      left -= take;
    }
    this.recycle();
  }

  /** Written slabs no longer read into are read into again. */
  private recycle(): void {
    for (let slab = this.queue[0]; slab; slab = this.queue[0]) {
      if (slab === this.filling || slab.written !== slab.filled) return;
      this.queue.shift();
      slab.filled = 0;
      slab.written = 0;
      this.free.push(slab);
    }
  }
}
