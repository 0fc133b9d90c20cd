import { type CookieJar, withCookieDefaults } from "./cookies.js";

// The per-share passcode cookies (spec §4, §9). Apart from lib/cookies.ts, which every
// page loads, so only the share pages carry them.

export const PASSCODE_TOKEN_COOKIE_PREFIX = "pp_share_passcode_token_";
export const SHARE_PASSCODE_CODE_COOKIE_PREFIX = "pp_share_pwd_code_";
/** 720 × 60 s (12 hours), lax, secure (spec §9). */
export const PASSCODE_TOKEN_COOKIE_OPTIONS = withCookieDefaults({
  maxAge: 720 * 60,
  sameSite: "lax",
  secure: true,
});
/** Passcode cookies kept by the stale cleanup (spec §9). */
export const PASSCODE_COOKIES_KEPT = 3;

export function passcodeTokenCookieName(shareId: string): string {
  return `${PASSCODE_TOKEN_COOKIE_PREFIX}${shareId}`;
}

export function sharePasscodeCodeCookieName(shareId: string): string {
  return `${SHARE_PASSCODE_CODE_COOKIE_PREFIX}${shareId}`;
}

function isPasscodeCookie(name: string): boolean {
  return name.startsWith(PASSCODE_TOKEN_COOKIE_PREFIX) || name.startsWith(SHARE_PASSCODE_CODE_COOKIE_PREFIX);
}

/**
 * The passcode cookies to remove (spec §9): of the names starting with either
 * passcode prefix, all but the last 3 in cookie order (the browser lists older
 * cookies first). Names in `keep` — the cookie just written — count as the newest.
 */
export function staleCookiesToClear(
  allCookieNames: readonly string[],
  keep: readonly string[] = [],
): string[] {
  const passcode = [...new Set(allCookieNames.filter(isPasscodeCookie))];
  const ordered = [
    ...passcode.filter((name) => !keep.includes(name)),
    ...passcode.filter((name) => keep.includes(name)),
  ];
  return ordered.slice(0, Math.max(0, ordered.length - PASSCODE_COOKIES_KEPT));
}

function clearStalePasscodeCookies(jar: CookieJar, keep: readonly string[] = []): void {
  for (const name of staleCookiesToClear(jar.names(), keep)) jar.remove(name, { path: "/" });
}

/** Stores a share's passcode token (spec §4) and clears stale passcode cookies. */
export function setPasscodeToken(jar: CookieJar, shareId: string, token: string): void {
  const name = passcodeTokenCookieName(shareId);
  jar.set(name, token, PASSCODE_TOKEN_COOKIE_OPTIONS);
  clearStalePasscodeCookies(jar, [name]);
}

/** Reads a share's passcode token; reading also clears stale passcode cookies (spec §4). */
export function readPasscodeToken(jar: CookieJar, shareId: string): string | undefined {
  const name = passcodeTokenCookieName(shareId);
  clearStalePasscodeCookies(jar, [name]);
  return jar.get(name) || undefined;
}

/** Clears a share's passcode token: the cookie is removed (spec §4's "set to null"). */
export function clearPasscodeToken(jar: CookieJar, shareId: string): void {
  jar.remove(passcodeTokenCookieName(shareId), { path: "/" });
}
