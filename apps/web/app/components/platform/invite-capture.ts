import { useEffect } from "react";
import { useLocation } from "react-router";
import { captureAttribution } from "../../lib/attribution.js";
import { documentCookieJar, INVITE_COOKIE, INVITE_COOKIE_OPTIONS } from "../../lib/cookies.js";
import { whenIdle } from "../../lib/idle.js";
import { recordReferrer } from "../../lib/referrers.js";

/** The invite code of a `?invite=` query, or undefined when none or not code-like. */
export function inviteCodeFromSearch(search: string): string | undefined {
  const code = new URLSearchParams(search).get("invite")?.trim();
  return code && /^[A-Za-z0-9_-]{1,64}$/.test(code) ? code : undefined;
}

/**
 * Keeps what the invite call after sign-up reports (spec §4, §7): the `?invite=` code
 * of any page as the `pp_invite` cookie (30 days), the attribution parameters and the
 * referring host (once the browser is idle).
 */
export function useInviteCapture() {
  const { search } = useLocation();
  useEffect(() => {
    const jar = documentCookieJar(document);
    const code = inviteCodeFromSearch(search);
    if (code) jar.set(INVITE_COOKIE, code, INVITE_COOKIE_OPTIONS);
    captureAttribution(jar, search);
  }, [search]);
  useEffect(
    () =>
      whenIdle(() => {
        try {
          recordReferrer(localStorage, {
            referrer: document.referrer,
            currentHost: location.host,
            now: Date.now(),
          });
        } catch {
          // no storage: the invite call goes without referrers
        }
      }),
    [],
  );
}
