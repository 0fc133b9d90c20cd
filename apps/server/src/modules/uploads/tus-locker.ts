import type { Lock, Locker, RequestRelease } from "@tus/server";
import { acquire, type Lease, type Locks } from "../locks/locks.js";

/**
 * What a PATCH answers when another request of the same upload kept it busy for the
 * whole wait: tus's offset conflict status, which tus clients answer with a HEAD and a resend.
 */
export const UPLOAD_BUSY = {
  status_code: 409,
  body: "Upload-Offset conflict: another request of this upload is in progress\n",
};

/** Long enough to outlast a dead node's Redis lease (6 s), so its successor is not refused. */
const WAIT_MS = 10_000;
/**
 * How long a PATCH waits for one this process is running on the same upload: long enough for
 * a request whose client just vanished to let go, short enough that a second concurrent PATCH
 * is told at once (409) instead of after the whole wait.
 */
const LOCAL_WAIT_MS = 1_000;

/**
 * @tus/server's locker over `Locks`, so a PATCH holds its upload on every node (Redis) rather
 * than in one process: two PATCHes at one offset on two nodes run one after the other, and the
 * second finds the offset moved (409). Unlike tus's own in-memory locker, a newcomer waits for
 * the holder instead of cancelling it; a lease lost mid-write cancels the write.
 */
export class TusLocker implements Locker {
  /** Uploads a PATCH of this process holds. */
  private readonly held = new Set<string>();

  constructor(
    private readonly locks: Locks,
    private readonly waitMs = WAIT_MS,
    private readonly localWaitMs = LOCAL_WAIT_MS,
  ) {}

  newLock(id: string): Lock {
    const key = `tus:${id}`;
    return new TusLock(
      this.locks,
      key,
      () => (this.held.has(key) ? this.localWaitMs : this.waitMs),
      this.held,
    );
  }
}

class TusLock implements Lock {
  private lease: Lease | undefined;
  private cancel: (() => void) | undefined;

  constructor(
    private readonly locks: Locks,
    private readonly key: string,
    /** The wait: short when the holder is a request of this process, else a dead node's lease. */
    private readonly waitMs: () => number,
    private readonly held: Set<string>,
  ) {}

  async lock(signal: AbortSignal, cancelRequest: RequestRelease): Promise<void> {
    const lease = await acquire(this.locks, this.key, { waitMs: this.waitMs(), signal });
    if (!lease) throw UPLOAD_BUSY;
    this.lease = lease;
    this.held.add(this.key);
    this.cancel = () => void cancelRequest();
    lease.lost.addEventListener("abort", this.cancel, { once: true });
  }

  async unlock(): Promise<void> {
    const lease = this.lease;
    this.lease = undefined;
    if (!lease) return;
    this.held.delete(this.key);
    if (this.cancel) lease.lost.removeEventListener("abort", this.cancel);
    await lease.release();
  }
}

/** HEAD only reads the offset (one object listing or file size), so it never waits for a writer. */
export const NO_LOCK: Locker = {
  newLock: () => ({ lock: async () => {}, unlock: async () => {} }),
};
