import type { UserMe } from "@nimbus/protocol";
import { type CookieJar, USER_ID_COOKIE, USER_ID_COOKIE_OPTIONS } from "../lib/cookies.js";

export type ProfileResult =
  | { ok: true; data: UserMe }
  | { ok: false; error: { error: string; status: number } };

export type RefreshOutcome = { signedIn: true; user: UserMe } | { signedIn: false; signedOut: boolean };

/**
 * The sign-in refresh of spec §4, run on each navigation: the profile is asked for with
 * the session cookie. Without a session, or when the call fails, the user id cookie is
 * cleared and the refresh reports false; a valid one stores the user id cookie (365
 * days, secure, lax). `signedOut` tells a missing session from a failed call.
 */
export async function refreshSignIn(
  fetchProfile: () => Promise<ProfileResult>,
  jar: CookieJar,
): Promise<RefreshOutcome> {
  return storeRefresh(await fetchProfile(), jar);
}

/** The refresh's second half, for a profile already asked for (by the server render, say). */
export function storeRefresh(result: ProfileResult, jar: CookieJar): RefreshOutcome {
  if (!result.ok) {
    if (jar.get(USER_ID_COOKIE) !== undefined) jar.remove(USER_ID_COOKIE, USER_ID_COOKIE_OPTIONS);
    return {
      signedIn: false,
      signedOut: result.error.status === 401 || result.error.error === "unauthenticated",
    };
  }
  if (jar.get(USER_ID_COOKIE) !== result.data.sub)
    jar.set(USER_ID_COOKIE, result.data.sub, USER_ID_COOKIE_OPTIONS);
  return { signedIn: true, user: result.data };
}
