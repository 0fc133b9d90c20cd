import type { KeyValueStorage } from "../lib/platform.js";

/** Spec §3's `pp_hidden_shared_content_cover`: the shares whose sensitive-content cover this browser removed. */
export const HIDDEN_COVER_KEY = "pp_hidden_shared_content_cover";
const MAX_SHARES = 50;

function read(storage: KeyValueStorage): string[] {
  try {
    const parsed: unknown = JSON.parse(storage.getItem(HIDDEN_COVER_KEY) ?? "[]");
    return Array.isArray(parsed) ? parsed.filter((id): id is string => typeof id === "string") : [];
  } catch {
    return [];
  }
}

export function isCoverHidden(storage: KeyValueStorage, shareId: string): boolean {
  return read(storage).includes(shareId);
}

/** Remembers "Show" for a share; the newest shares are kept. */
export function hideCover(storage: KeyValueStorage, shareId: string): void {
  const ids = [...read(storage).filter((id) => id !== shareId), shareId].slice(-MAX_SHARES);
  try {
    storage.setItem(HIDDEN_COVER_KEY, JSON.stringify(ids));
  } catch {
    // Storage full or blocked: the cover simply comes back on the next visit.
  }
}
