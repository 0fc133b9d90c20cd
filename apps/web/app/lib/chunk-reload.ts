import { type Clock, isRecord, type KeyValueStorage, readJson, systemClock } from "./platform.js";

/** Spec §4, §9: a path reloads at most once per 10 seconds. */
export const CHUNK_RELOAD_WINDOW_MS = 10_000;
export const CHUNK_RELOAD_STORAGE_KEY = "pp_chunk_reload";

const CHUNK_ERROR_PATTERNS = [
  /failed to fetch dynamically imported module/i,
  /error loading dynamically imported module/i,
  /importing a module script failed/i,
  /unable to preload css/i,
  /loading (css )?chunk \S+ failed/i,
];

/** A failure to load a code chunk (a deployment replaced the files this page expects). */
export function isChunkLoadError(error: unknown): boolean {
  if (!(error instanceof Error) && !isRecord(error)) return false;
  const { name, message } = error as { name?: unknown; message?: unknown };
  if (name === "ChunkLoadError") return true;
  return typeof message === "string" && CHUNK_ERROR_PATTERNS.some((pattern) => pattern.test(message));
}

export interface ChunkReloadContext {
  /** A sessionStorage-like store: the reload history lives as long as the tab. */
  storage: KeyValueStorage;
  path: string;
  reload: () => void;
  now?: Clock;
}

/**
 * Reloads the page for a chunk load error, unless this path was reloaded for one
 * less than 10 s ago — then the error is left to the error page, which avoids a
 * reload loop. Returns whether it reloaded.
 */
export function handleChunkLoadError(error: unknown, context: ChunkReloadContext): boolean {
  if (!isChunkLoadError(error)) return false;
  const now = (context.now ?? systemClock)();
  const stored = readJson(context.storage, CHUNK_RELOAD_STORAGE_KEY);
  const history: Record<string, number> = {};
  for (const [path, at] of Object.entries(isRecord(stored) ? stored : {})) {
    if (typeof at === "number" && now - at < CHUNK_RELOAD_WINDOW_MS) history[path] = at;
  }
  if (history[context.path] !== undefined) {
    context.storage.setItem(CHUNK_RELOAD_STORAGE_KEY, JSON.stringify(history));
    return false;
  }
  history[context.path] = now;
  context.storage.setItem(CHUNK_RELOAD_STORAGE_KEY, JSON.stringify(history));
  context.reload();
  return true;
}
