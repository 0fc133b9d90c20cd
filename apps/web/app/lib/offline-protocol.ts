/**
 * What the service worker (`apps/web/sw/service-worker.ts`) and the pages agree on
 * (decision 0059). Dependency-free: the worker's bundle imports it too.
 */

/** The header a kept answer carries: when it arrived, in ms since the epoch. */
export const SAVED_AT_HEADER = "x-nimbus-saved-at";
/** On `<html>` of a kept page served offline: when it was saved. */
export const SAVED_AT_ATTRIBUTE = "data-offline-saved-at";
/** The message a page gets when a kept answer stood in for the network. */
export const OFFLINE_SERVED_MESSAGE = "nimbus:offline-copy";

export interface OfflineServed {
  type: typeof OFFLINE_SERVED_MESSAGE;
  /** The page address (path and query) the answer belongs to. */
  view: string;
  savedAt: number;
}

/** A page asking the worker to keep the page of an address it reached by a client navigation. */
export const KEEP_PAGE_MESSAGE = "nimbus:keep-page";

/** The offline page in the user's language, put there by the page while online. */
export const OFFLINE_CACHE = "nimbus-offline";
export const OFFLINE_PAGE_KEY = "/offline.html";

/** The manifest's share target, and where the shared files wait for the drive. */
export const SHARE_TARGET_PATH = "/drive/share-target";
export const SHARE_CACHE = "nimbus-shared-files";
/** `/drive/all?shared_files=2`: the share target's files are waiting to be uploaded. */
export const SHARED_FILES_PARAM = "shared_files";

/** API reads the drive shows (lists, ancestors, profile, quotas), kept for offline use. */
const KEPT_API = /^\/(?:drive\/v1|v1\/user|vip\/v1|config\/v1)\//;
/**
 * Never kept: the events long poll, transfers, signed links, avatars, and playback — HLS
 * playlists and segments, WebVTT subtitles and plans (decision 0061): megabytes per minute
 * of video that would fill the cache and evict the drive's real offline copies.
 */
const NEVER_KEPT =
  /\/events|\/upload|\/tus|\/download|\/links?\b|\/avatars\/|\/hls\/|\/subtitles\/|\/playback\b/;

/** True for an API GET the worker keeps a copy of (network first, the copy offline). */
export function isKeptApiRead(pathname: string): boolean {
  return KEPT_API.test(pathname) && !NEVER_KEPT.test(pathname);
}
