import type { RestoreShareRequest } from "@nimbus/protocol";
import { isRecord, type KeyValueStorage, readJson } from "../lib/platform.js";

/**
 * A save that waits for sign-in (spec §3's browser-storage keys). An anonymous visitor
 * who clicks "Save" is sent to sign in; the request and the page to come back to are
 * kept here, and the share page finishes the save by itself once the visitor is back
 * and signed in.
 */
/** The share page to come back to, and when the save was asked: `{ path, at }`. */
export const RESTORE_CONTINUE_KEY = "pp_restore_continue";
/** The restore request to send once signed in (`POST /drive/v1/share/restore`'s body). */
export const RESTORE_REQUEST_BODY_KEY = "pp_restore_request_body";
/** The folder of my drive saves go into, remembered for next time: `{ id, name }` ('' is My Drive). */
export const RESTORE_TO_DRIVE_KEY = "pp_restore_to_drive";

/** A continuation older than this is dropped: the visitor gave up on that save. */
export const PENDING_RESTORE_TTL_MS = 30 * 60 * 1000;

export interface PendingRestore {
  path: string;
  body: RestoreShareRequest & { share_id: string };
  at: number;
}

export function rememberPendingRestore(
  storage: KeyValueStorage,
  path: string,
  body: PendingRestore["body"],
  now: number,
): void {
  storage.setItem(RESTORE_CONTINUE_KEY, JSON.stringify({ path, at: now }));
  storage.setItem(RESTORE_REQUEST_BODY_KEY, JSON.stringify(body));
}

export function forgetPendingRestore(storage: KeyValueStorage): void {
  storage.removeItem(RESTORE_CONTINUE_KEY);
  storage.removeItem(RESTORE_REQUEST_BODY_KEY);
}

/** The waiting save, if one is stored, well-formed and fresh; a stale or broken one is removed. */
export function readPendingRestore(storage: KeyValueStorage, now: number): PendingRestore | undefined {
  const marker = readJson(storage, RESTORE_CONTINUE_KEY);
  const body = readJson(storage, RESTORE_REQUEST_BODY_KEY);
  if (marker === undefined && body === undefined) return undefined;
  const valid =
    isRecord(marker) &&
    typeof marker.path === "string" &&
    marker.path.startsWith("/s/") &&
    typeof marker.at === "number" &&
    now - marker.at >= 0 &&
    now - marker.at < PENDING_RESTORE_TTL_MS &&
    isRecord(body) &&
    typeof body.share_id === "string" &&
    body.share_id !== "";
  if (!valid) {
    forgetPendingRestore(storage);
    return undefined;
  }
  return {
    path: marker.path as string,
    at: marker.at as number,
    body: body as PendingRestore["body"],
  };
}

export interface SaveTarget {
  id: string;
  name: string;
}

export const MY_DRIVE: SaveTarget = { id: "", name: "" };

export function readSaveTarget(storage: KeyValueStorage): SaveTarget {
  const value = readJson(storage, RESTORE_TO_DRIVE_KEY);
  if (isRecord(value) && typeof value.id === "string" && typeof value.name === "string")
    return { id: value.id, name: value.name };
  return MY_DRIVE;
}

export function rememberSaveTarget(storage: KeyValueStorage, target: SaveTarget): void {
  storage.setItem(RESTORE_TO_DRIVE_KEY, JSON.stringify(target));
}
