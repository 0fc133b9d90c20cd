/**
 * Fixed-window counters behind rate limits and the captcha risk policy. Keys name what is
 * counted and for whom, e.g. `signin-fail:ip:203.0.113.7` or `code-send:account:a@b.c`.
 * The embedded store keeps them in memory; a cluster shares one store (Redis).
 */
export interface RateLimitStore {
  /**
   * Adds `by` (default 1) to `key`'s count in its current window of `windowMs`, atomically
   * (Redis: INCRBY); answers the count including it. A negative `by` gives events back
   * and never opens a window.
   */
  hit(key: string, windowMs: number, by?: number): Promise<number>;
  /** Events counted for `key` in its current window (0 once the window has passed). */
  count(key: string): Promise<number>;
  /** Forgets `key` (e.g. failures after a successful sign-in). */
  reset(key: string): Promise<void>;
}
