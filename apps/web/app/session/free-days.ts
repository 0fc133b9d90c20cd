import { readAttribution } from "../lib/attribution.js";
import { type CookieJar, FREE_DAYS_COOKIE, freeDaysCookieOptions } from "../lib/cookies.js";
import type { KeyValueStorage } from "../lib/platform.js";
import { readReferrers, referrersParam } from "../lib/referrers.js";
import { isPremium } from "../lib/vip.js";

/** Spec §3 `getFreeVipCalled`, kept per browser: the users whose invite call was made here. */
export const FREE_VIP_CALLED_KEY = "pp_get_free_vip_called";

export interface InviteRequest {
  from: "web";
  /** Host plus path of the page. */
  rr: string;
  /** The source (`__source` attribution). */
  tf: string;
  /** The referring hosts, comma-joined. */
  rf: string;
}

export function freeDaysOf(jar: CookieJar): number {
  const days = Number(jar.get(FREE_DAYS_COOKIE));
  return Number.isFinite(days) && days > 0 ? Math.floor(days) : 0;
}

function calledFor(storage: KeyValueStorage | undefined): string[] {
  try {
    const list = JSON.parse(storage?.getItem(FREE_VIP_CALLED_KEY) ?? "[]");
    return Array.isArray(list) ? list.filter((id): id is string => typeof id === "string") : [];
  } catch {
    return [];
  }
}

/** Spec §4: after sign-in, only a user without premium, without free days and not yet claimed. */
export function shouldCallInvite(
  userId: string,
  vip: { status?: unknown } | undefined,
  jar: CookieJar,
  storage: KeyValueStorage | undefined,
): boolean {
  return !isPremium(vip) && freeDaysOf(jar) === 0 && !calledFor(storage).includes(userId);
}

export function markInviteCalled(userId: string, storage: KeyValueStorage | undefined): void {
  try {
    storage?.setItem(FREE_VIP_CALLED_KEY, JSON.stringify([...calledFor(storage), userId].slice(-20)));
  } catch {
    // no storage: the server answers a second call with no days
  }
}

export function inviteRequest(
  page: { host: string; pathname: string },
  jar: CookieJar,
  storage: KeyValueStorage | undefined,
  now: number,
): InviteRequest {
  let rf = "";
  try {
    rf = storage ? referrersParam(readReferrers(storage, now)) : "";
  } catch {
    rf = "";
  }
  return { from: "web", rr: `${page.host}${page.pathname}`, tf: readAttribution(jar).source ?? "", rf };
}

/** A positive answer: the free days kept in the `pp_free_days` cookie for that many days. */
export function storeFreeDays(jar: CookieJar, freeDays: number): boolean {
  if (!(freeDays > 0)) return false;
  jar.set(FREE_DAYS_COOKIE, String(freeDays), freeDaysCookieOptions(freeDays));
  return true;
}

/**
 * The sign-up body's `attribution` and `referrers` (spec §3, §9): the attribution cookies
 * and the unexpired referring hosts, newest first; absent fields when there are none.
 */
export function signupAttribution(
  jar: CookieJar,
  storage: KeyValueStorage | undefined,
  now: number,
): { attribution?: ReturnType<typeof readAttribution>; referrers?: string[] } {
  const attribution = readAttribution(jar);
  const referrers = storage
    ? readReferrers(storage, now)
        .map((entry) => entry.val)
        .reverse()
    : [];
  return {
    ...(Object.keys(attribution).length > 0 ? { attribution } : {}),
    ...(referrers.length > 0 ? { referrers } : {}),
  };
}
