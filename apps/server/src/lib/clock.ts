/** Time source, injectable so tests can move time. */
export interface Clock {
  now(): number;
}

export const systemClock: Clock = { now: () => Date.now() };

export function isoTime(ms: number): string {
  return new Date(ms).toISOString();
}
