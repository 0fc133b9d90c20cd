import { NimbusError } from "@nimbus/protocol";

export interface AcquireOptions {
  /** Milliseconds to wait for the lock; absent or `Infinity` waits forever, 0 only takes a free lock. */
  timeout?: number;
  /** Who acquires: in a reentrant lock the holder may acquire again without waiting. */
  owner?: unknown;
}

/** Gives the lock back; calling it again does nothing. */
export type Release = () => void;

export interface Lock {
  acquire(options?: AcquireOptions): Promise<Release>;
  /** Runs `task` holding the lock, and releases it however the task ends. */
  hold<T>(task: () => T | Promise<T>, options?: AcquireOptions): Promise<T>;
  readonly locked: boolean;
}

export interface LockConfig {
  /** The same owner may acquire again while it holds the lock (each acquire needs its release). */
  reentrant?: boolean;
  setTimeout?: (callback: () => void, ms: number) => unknown;
  clearTimeout?: (handle: unknown) => void;
}

interface Waiter {
  owner: unknown;
  grant: () => void;
  timer?: unknown;
}

function validateTimeout(timeout: unknown): number {
  if (timeout === undefined) return Number.POSITIVE_INFINITY;
  if (typeof timeout !== "number" || Number.isNaN(timeout) || timeout < 0) {
    throw new NimbusError("local", "wrong options param: timeout");
  }
  return timeout;
}

/** The lock utility of spec §4: a FIFO async mutex, optionally reentrant, with acquire timeouts. */
export function createLock(config: LockConfig = {}): Lock {
  const setTimer = config.setTimeout ?? ((callback, ms) => setTimeout(callback, ms));
  const clearTimer =
    config.clearTimeout ?? ((handle) => clearTimeout(handle as ReturnType<typeof setTimeout>));
  let holder: { owner: unknown; depth: number } | undefined;
  const queue: Waiter[] = [];

  function releaser(): Release {
    let released = false;
    return () => {
      if (released || !holder) return;
      released = true;
      holder.depth -= 1;
      if (holder.depth > 0) return;
      holder = undefined;
      queue.shift()?.grant();
    };
  }

  async function acquire(options: AcquireOptions = {}): Promise<Release> {
    const timeout = validateTimeout(options.timeout);
    const { owner } = options;
    if (!holder) {
      holder = { owner, depth: 1 };
      return releaser();
    }
    if (config.reentrant && owner !== undefined && holder.owner === owner) {
      holder.depth += 1;
      return releaser();
    }
    return new Promise<Release>((resolve, reject) => {
      const waiter: Waiter = {
        owner,
        grant: () => {
          if (waiter.timer !== undefined) clearTimer(waiter.timer);
          holder = { owner, depth: 1 };
          resolve(releaser());
        },
      };
      const fail = () => {
        queue.splice(queue.indexOf(waiter), 1);
        reject(new NimbusError("local", "lock timeout"));
      };
      queue.push(waiter);
      if (timeout === 0) fail();
      else if (timeout !== Number.POSITIVE_INFINITY) waiter.timer = setTimer(fail, timeout);
    });
  }

  return {
    acquire,
    async hold(task, options) {
      const release = await acquire(options);
      try {
        return await task();
      } finally {
        release();
      }
    },
    get locked() {
      return holder !== undefined;
    },
  };
}
