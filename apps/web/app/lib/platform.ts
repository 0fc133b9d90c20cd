/**
 * The few browser facilities lib modules use, as injectable interfaces so every
 * module runs (and is tested) in Node. Pages pass `window.localStorage`,
 * `window.sessionStorage`, `globalThis.fetch` and so on.
 */

/** The part of the DOM `Storage` interface lib modules use. */
export interface KeyValueStorage {
  getItem(key: string): string | null;
  setItem(key: string, value: string): void;
  removeItem(key: string): void;
}

/** Milliseconds since the epoch. */
export type Clock = () => number;

export const systemClock: Clock = () => Date.now();

/** Resolves after `ms` milliseconds. */
export type Sleep = (ms: number) => Promise<void>;

export const timerSleep: Sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

/** An in-memory `KeyValueStorage`: for tests, and for the server render where no storage exists. */
export function memoryStorage(initial: Record<string, string> = {}): KeyValueStorage & {
  readonly data: Map<string, string>;
} {
  const data = new Map(Object.entries(initial));
  return {
    data,
    getItem: (key) => data.get(key) ?? null,
    setItem: (key, value) => {
      data.set(key, String(value));
    },
    removeItem: (key) => {
      data.delete(key);
    },
  };
}

/** Parses a stored JSON value; anything unreadable counts as absent. */
export function readJson(storage: KeyValueStorage, key: string): unknown {
  const raw = storage.getItem(key);
  if (raw === null) return undefined;
  try {
    return JSON.parse(raw) as unknown;
  } catch {
    return undefined;
  }
}

export function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}
