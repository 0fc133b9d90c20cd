import type { KeyValueStorage } from "./platform.js";
import { isRecord, readJson } from "./platform.js";

export const REFERRER_LIST_KEY = "pp_referer_list";
/** Spec §9: entries are kept 12 hours, at most 10. */
export const REFERRER_TTL_MS = 12 * 60 * 60 * 1000;
export const MAX_REFERRERS = 10;

export interface ReferrerEntry {
  /** The referring host. */
  val: string;
  /** Epoch ms after which the entry is dropped. */
  expired: number;
}

export function isReferrerEntry(value: unknown): value is ReferrerEntry {
  return isRecord(value) && typeof value.val === "string" && typeof value.expired === "number";
}

/** The stored referrers that are valid and unexpired, oldest first. */
export function readReferrers(storage: KeyValueStorage, now: number): ReferrerEntry[] {
  const stored = readJson(storage, REFERRER_LIST_KEY);
  if (!Array.isArray(stored)) return [];
  return stored
    .filter(isReferrerEntry)
    .filter((entry) => entry.expired > now)
    .map(({ val, expired }) => ({ val, expired }));
}

function hostOf(address: string): string | undefined {
  try {
    const host = new URL(address).host.toLowerCase();
    return host === "" ? undefined : host;
  } catch {
    return undefined;
  }
}

export interface RecordReferrerInput {
  /** `document.referrer`. */
  referrer: string;
  /** `location.host` of this site. */
  currentHost: string;
  now: number;
}

/**
 * Adds the referring host to the list (spec §3, §5, §9), unless it is this site's
 * own host or no host at all. A host already listed moves to the end with a new
 * expiry; the oldest entries go beyond 10. Returns the list as stored.
 */
export function recordReferrer(storage: KeyValueStorage, input: RecordReferrerInput): ReferrerEntry[] {
  const list = readReferrers(storage, input.now);
  const host = hostOf(input.referrer);
  if (host !== undefined && host !== input.currentHost.toLowerCase()) {
    const others = list.filter((entry) => entry.val !== host);
    others.push({ val: host, expired: input.now + REFERRER_TTL_MS });
    list.splice(0, list.length, ...others.slice(-MAX_REFERRERS));
  }
  storage.setItem(REFERRER_LIST_KEY, JSON.stringify(list));
  return list;
}

/** The `rf` value of the invite call: the referring hosts, comma-joined. */
export function referrersParam(list: readonly ReferrerEntry[]): string {
  return list.map((entry) => entry.val).join(",");
}
