import { documentCookieJar } from "../lib/cookies.js";
import { clearPasscodeToken, readPasscodeToken, setPasscodeToken } from "../lib/passcode-cookies.js";

/**
 * The browser's per-share passcode token cookie (spec §4, §9: 12 hours, lax, stale
 * passcode cookies cleaned keeping the last 3), over lib/passcode-cookies.ts. Cookies may be
 * unavailable (a sandboxed frame); the page then keeps the token in memory only.
 */
export function loadPasscodeToken(shareId: string): string | undefined {
  try {
    return readPasscodeToken(documentCookieJar(document), shareId);
  } catch {
    return undefined;
  }
}

export function savePasscodeToken(shareId: string, token: string): void {
  try {
    setPasscodeToken(documentCookieJar(document), shareId, token);
  } catch {
    // Kept in memory by the page.
  }
}

export function dropPasscodeToken(shareId: string): void {
  try {
    clearPasscodeToken(documentCookieJar(document), shareId);
  } catch {
    // Nothing stored.
  }
}
