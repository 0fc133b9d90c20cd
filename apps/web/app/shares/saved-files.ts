import { isRecord, type KeyValueStorage } from "../lib/platform.js";

/** Spec §3's `pp_saved_file_ids`: per share, the items this browser saved from it. */
export const SAVED_FILE_IDS_KEY = "pp_saved_file_ids";
/** The whole share was saved (a save naming no items). */
export const WHOLE_SHARE = "*";
const MAX_SHARES = 20;
const MAX_IDS = 500;

type SavedMap = Record<string, string[]>;

function read(storage: KeyValueStorage): SavedMap {
  try {
    const parsed: unknown = JSON.parse(storage.getItem(SAVED_FILE_IDS_KEY) ?? "{}");
    if (!isRecord(parsed)) return {};
    const map: SavedMap = {};
    for (const [share, ids] of Object.entries(parsed)) {
      if (Array.isArray(ids)) map[share] = ids.filter((id): id is string => typeof id === "string");
    }
    return map;
  } catch {
    return {};
  }
}

/** Remembers a completed save: its items, or the whole share when it named none. Newest shares kept. */
export function rememberSavedFiles(
  storage: KeyValueStorage,
  shareId: string,
  fileIds: readonly string[],
): void {
  const map = read(storage);
  const ids = [...new Set([...(map[shareId] ?? []), ...(fileIds.length ? fileIds : [WHOLE_SHARE])])];
  delete map[shareId];
  map[shareId] = ids.slice(-MAX_IDS);
  const kept = Object.entries(map).slice(-MAX_SHARES);
  try {
    storage.setItem(SAVED_FILE_IDS_KEY, JSON.stringify(Object.fromEntries(kept)));
  } catch {
    // Storage full or blocked: the marks are only a convenience.
  }
}

/**
 * Whether an item of the share shows as saved: the whole share was saved, the item
 * itself, or a folder it sits in (`parentIds`, the path inside the share).
 */
export function savedFileCheck(
  storage: KeyValueStorage,
  shareId: string,
  parentIds: readonly string[],
): (fileId: string) => boolean {
  const saved = new Set(read(storage)[shareId] ?? []);
  const inSaved = saved.has(WHOLE_SHARE) || parentIds.some((id) => saved.has(id));
  return (fileId) => inSaved || saved.has(fileId);
}
