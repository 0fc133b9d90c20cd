/** How far back the speed looks: long enough to smooth bursts, short enough to follow a changing link. */
export const SPEED_WINDOW_MS = 5000;
/** Below this much measured time the speed is not known yet (a single progress event says nothing). */
const MIN_SPAN_MS = 400;

interface Sample {
  at: number;
  bytes: number;
}

/**
 * Transfer speed over a sliding window of cumulative byte counts. A transfer that
 * stalls decays to 0 as its last samples leave the window, rather than showing the
 * last burst's speed forever.
 */
export class SpeedMeter {
  private samples: Sample[] = [];

  constructor(private readonly windowMs = SPEED_WINDOW_MS) {}

  /** Records that `bytes` in total have moved by `now` (ms). A smaller count than before restarts the meter. */
  sample(bytes: number, now: number): void {
    const last = this.samples.at(-1);
    if (last && bytes < last.bytes) this.samples = [];
    this.samples.push({ at: now, bytes });
    this.trim(now);
  }

  /** Bytes per second at `now`, 0 while unknown or stalled. */
  bytesPerSecond(now: number): number {
    this.trim(now);
    const first = this.samples[0];
    const last = this.samples.at(-1);
    if (!first || !last) return 0;
    const span = now - first.at;
    if (span < MIN_SPAN_MS || last.bytes === first.bytes) return 0;
    return ((last.bytes - first.bytes) * 1000) / span;
  }

  reset(): void {
    this.samples = [];
  }

  /** Keeps one sample older than the window as the baseline, so the span covers the whole window. */
  private trim(now: number): void {
    const start = now - this.windowMs;
    let drop = 0;
    while (drop + 1 < this.samples.length && (this.samples[drop + 1]?.at ?? now) <= start) drop += 1;
    if (drop > 0) this.samples.splice(0, drop);
    const first = this.samples[0];
    if (this.samples.length === 1 && first && first.at < start) {
      // Nothing moved for a whole window: keep the count as a fresh baseline.
      this.samples[0] = { at: start, bytes: first.bytes };
    }
  }
}

/** Whole seconds left for `remaining` bytes at `bytesPerSecond`; undefined while the speed is unknown. */
export function secondsLeft(remaining: number, bytesPerSecond: number): number | undefined {
  if (remaining <= 0) return 0;
  if (!(bytesPerSecond > 0)) return undefined;
  return Math.ceil(remaining / bytesPerSecond);
}
