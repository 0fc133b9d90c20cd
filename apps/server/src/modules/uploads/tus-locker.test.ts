import { describe, expect, it, vi } from "vitest";
import { type Lease, type Locks, MemoryLocks } from "../locks/locks.js";
import { TusLocker, UPLOAD_BUSY } from "./tus-locker.js";

const never = new AbortController().signal;

describe("TusLocker", () => {
  it("a second lock of one upload waits for the first and never cancels it", async () => {
    const locker = new TusLocker(new MemoryLocks(), 5_000);
    const first = locker.newLock("u1");
    const cancelFirst = vi.fn();
    await first.lock(never, cancelFirst);
    let secondHeld = false;
    const second = locker.newLock("u1");
    const waiting = second
      .lock(never, () => {})
      .then(() => {
        secondHeld = true;
      });
    await new Promise((resolve) => setTimeout(resolve, 120));
    expect(secondHeld).toBe(false);
    expect(cancelFirst).not.toHaveBeenCalled();
    await locker.newLock("u2").lock(never, () => {}); // another upload is not held up
    await first.unlock();
    await waiting;
    expect(secondHeld).toBe(true);
    await second.unlock();
  });

  it("answers tus's offset conflict (409) when the holder keeps the upload past the wait", async () => {
    const locker = new TusLocker(new MemoryLocks(), 100);
    await locker.newLock("u1").lock(never, () => {});
    await expect(locker.newLock("u1").lock(never, () => {})).rejects.toBe(UPLOAD_BUSY);
    expect(UPLOAD_BUSY.status_code).toBe(409);
  });

  it("tells a second PATCH of this process at once (409), but waits out a holder on another node", async () => {
    const locks = new MemoryLocks();
    const here = new TusLocker(locks, 5_000, 50);
    await here.newLock("u1").lock(never, () => {});
    const started = performance.now();
    await expect(here.newLock("u1").lock(never, () => {})).rejects.toBe(UPLOAD_BUSY);
    expect(performance.now() - started).toBeLessThan(1_000);

    // Held by another node (another locker on the same leases): the long wait, which outlasts a dead node's lease.
    const elsewhere = new TusLocker(locks, 300, 50);
    const waited = performance.now();
    await expect(elsewhere.newLock("u1").lock(never, () => {})).rejects.toBe(UPLOAD_BUSY);
    expect(performance.now() - waited).toBeGreaterThanOrEqual(250);
  });

  it("cancels the request whose lease is lost (another node may write now)", async () => {
    const lost = new AbortController();
    const locks: Locks = {
      tryAcquire: async (): Promise<Lease> => ({ lost: lost.signal, release: async () => {} }),
    };
    const cancel = vi.fn();
    const lock = new TusLocker(locks).newLock("u1");
    await lock.lock(never, cancel);
    lost.abort();
    expect(cancel).toHaveBeenCalledOnce();
    await lock.unlock();
  });
});
