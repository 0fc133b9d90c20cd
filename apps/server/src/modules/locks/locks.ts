/**
 * Named mutual exclusion across whatever shares the `Locks`: one process (memory) or every
 * node of a cluster (Redis). Used where two requests must not act on one thing at once and
 * the database has no row to lock (e.g. two PATCHes of one tus upload on two nodes).
 */
export interface Locks {
  /** Takes `key` when nobody holds it: the lease, or undefined when another holder has it. */
  tryAcquire(key: string): Promise<Lease | undefined>;
}

export interface Lease {
  /**
   * Aborted if the lease is lost before `release` (Redis: it expired unrenewed, after a stall
   * or while Redis was unreachable): whoever holds it must stop, another may have taken it.
   */
  readonly lost: AbortSignal;
  release(): Promise<void>;
}

export interface AcquireOptions {
  /** How long to keep trying while another holder has the key. */
  waitMs: number;
  /** Between tries (default 50 ms). */
  pollMs?: number;
  /** Stops waiting (e.g. the request went away). */
  signal?: AbortSignal;
}

/** Takes `key`, waiting up to `waitMs` for its holder to let go: the lease, or undefined. */
export async function acquire(
  locks: Locks,
  key: string,
  options: AcquireOptions,
): Promise<Lease | undefined> {
  const deadline = Date.now() + options.waitMs;
  const pollMs = options.pollMs ?? 50;
  for (;;) {
    if (options.signal?.aborted) return undefined;
    const lease = await locks.tryAcquire(key);
    if (lease) return lease;
    const left = deadline - Date.now();
    if (left <= 0) return undefined;
    await new Promise((resolve) => setTimeout(resolve, Math.min(pollMs, left)));
  }
}

/** One process: a key is held until its lease is released (a lease here is never lost). */
export class MemoryLocks implements Locks {
  private readonly held = new Set<string>();

  async tryAcquire(key: string): Promise<Lease | undefined> {
    if (this.held.has(key)) return undefined;
    this.held.add(key);
    let released = false;
    return {
      lost: new AbortController().signal,
      release: async () => {
        if (released) return;
        released = true;
        this.held.delete(key);
      },
    };
  }
}
