import type { Clock } from "../../lib/clock.js";
import type { RateLimitStore } from "./rate-limit-store.js";

interface Window {
  count: number;
  endsAt: number;
}

/** Sweep expired windows once this many keys are held, so memory stays bounded by live keys. */
const SWEEP_AT = 10_000;

/** The single-process `RateLimitStore`: a map of fixed windows. */
export class MemoryRateLimitStore implements RateLimitStore {
  private readonly windows = new Map<string, Window>();
  private sweepAt = SWEEP_AT;

  constructor(private readonly clock: Clock) {}

  async hit(key: string, windowMs: number, by = 1): Promise<number> {
    const now = this.clock.now();
    const current = this.live(key, now);
    if (current) {
      current.count += by;
      return current.count;
    }
    if (by <= 0) return 0;
    if (this.windows.size >= this.sweepAt) this.sweep(now);
    this.windows.set(key, { count: by, endsAt: now + windowMs });
    return by;
  }

  async count(key: string): Promise<number> {
    return this.live(key, this.clock.now())?.count ?? 0;
  }

  async reset(key: string): Promise<void> {
    this.windows.delete(key);
  }

  private live(key: string, now: number): Window | undefined {
    const window = this.windows.get(key);
    if (window && window.endsAt <= now) {
      this.windows.delete(key);
      return undefined;
    }
    return window;
  }

  private sweep(now: number): void {
    for (const [key, window] of this.windows) if (window.endsAt <= now) this.windows.delete(key);
    this.sweepAt = Math.max(SWEEP_AT, this.windows.size * 2);
  }
}
