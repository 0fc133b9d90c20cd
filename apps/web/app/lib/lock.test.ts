import { NimbusError } from "@nimbus/protocol";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { createLock } from "./lock.js";

beforeEach(() => {
  vi.useFakeTimers();
});
afterEach(() => {
  vi.useRealTimers();
});

describe("lock (spec §4)", () => {
  it("is acquired, held and released, handing over in FIFO order", async () => {
    const lock = createLock();
    const order: string[] = [];
    const release = await lock.acquire();
    expect(lock.locked).toBe(true);
    const second = lock.acquire().then((r) => {
      order.push("second");
      return r;
    });
    const third = lock.acquire().then((r) => {
      order.push("third");
      r();
    });
    await vi.advanceTimersByTimeAsync(1000);
    expect(order).toEqual([]);
    release();
    release(); // a second call does nothing
    (await second)();
    await third;
    expect(order).toEqual(["second", "third"]);
    expect(lock.locked).toBe(false);
  });

  it("hold runs one task at a time and releases after a failure", async () => {
    const lock = createLock();
    const log: string[] = [];
    const task = (name: string, ms: number) => async () => {
      log.push(`${name} start`);
      await new Promise((resolve) => setTimeout(resolve, ms));
      log.push(`${name} end`);
      if (name === "a") throw new Error("a failed");
      return name;
    };
    const a = lock.hold(task("a", 50)).catch((error: unknown) => error);
    const b = lock.hold(task("b", 10));
    await vi.runAllTimersAsync();
    await expect(a).resolves.toMatchObject({ message: "a failed" });
    await expect(b).resolves.toBe("b");
    expect(log).toEqual(["a start", "a end", "b start", "b end"]);
    expect(lock.locked).toBe(false);
  });

  it("times out with local 'lock timeout' after the given milliseconds", async () => {
    const lock = createLock();
    await lock.acquire();
    const waiting = lock.acquire({ timeout: 100 });
    const outcome = waiting.catch((error: unknown) => error);
    await vi.advanceTimersByTimeAsync(99);
    await vi.advanceTimersByTimeAsync(1);
    const error = await outcome;
    expect(error).toBeInstanceOf(NimbusError);
    expect(error).toMatchObject({ error: "local", code: 8001, message: "lock timeout" });
  });

  it("drops a timed-out waiter from the queue, so the next waiter gets the lock", async () => {
    const lock = createLock();
    const release = await lock.acquire();
    const early = lock.acquire({ timeout: 10 }).catch(() => "timed out");
    const patient = lock.acquire();
    await vi.advanceTimersByTimeAsync(10);
    await expect(early).resolves.toBe("timed out");
    release();
    await expect(patient).resolves.toBeTypeOf("function");
    expect(lock.locked).toBe(true);
  });

  it("does not time out a waiter that got the lock in time", async () => {
    const lock = createLock();
    const release = await lock.acquire();
    const waiting = lock.acquire({ timeout: 100 });
    await vi.advanceTimersByTimeAsync(50);
    release();
    const next = await waiting;
    await vi.advanceTimersByTimeAsync(500);
    expect(lock.locked).toBe(true);
    next();
    expect(lock.locked).toBe(false);
  });

  it("with timeout 0 takes a free lock and fails at once on a held one", async () => {
    const lock = createLock();
    const release = await lock.acquire({ timeout: 0 });
    await expect(lock.acquire({ timeout: 0 })).rejects.toMatchObject({ message: "lock timeout" });
    release();
  });

  it.each(["100", null, Number.NaN, -1, {}])(
    "rejects timeout %s with local 'wrong options param: timeout'",
    async (timeout) => {
      const lock = createLock();
      await expect(lock.acquire({ timeout: timeout as number })).rejects.toMatchObject({
        error: "local",
        code: 8001,
        message: "wrong options param: timeout",
      });
      expect(lock.locked).toBe(false);
    },
  );

  it("lets the same owner re-acquire a reentrant lock, released once per acquire", async () => {
    const lock = createLock({ reentrant: true });
    const owner = {};
    const outer = await lock.acquire({ owner });
    const inner = await lock.acquire({ owner, timeout: 0 });
    const other = lock.acquire({ owner: "someone else" });
    let otherHasIt = false;
    void other.then(() => {
      otherHasIt = true;
    });
    inner();
    await vi.advanceTimersByTimeAsync(0);
    expect(otherHasIt).toBe(false);
    outer();
    await vi.advanceTimersByTimeAsync(0);
    expect(otherHasIt).toBe(true);
  });

  it("nests hold calls of one owner in a reentrant lock", async () => {
    const lock = createLock({ reentrant: true });
    const result = await lock.hold(() => lock.hold(() => "inner", { owner: "me", timeout: 0 }), {
      owner: "me",
    });
    expect(result).toBe("inner");
    expect(lock.locked).toBe(false);
  });

  it("makes the same owner wait on a non-reentrant lock, and an anonymous owner never re-enters", async () => {
    const plain = createLock();
    await plain.acquire({ owner: "me" });
    await expect(plain.acquire({ owner: "me", timeout: 0 })).rejects.toMatchObject({
      message: "lock timeout",
    });
    const reentrant = createLock({ reentrant: true });
    await reentrant.acquire();
    await expect(reentrant.acquire({ timeout: 0 })).rejects.toMatchObject({ message: "lock timeout" });
  });
});
