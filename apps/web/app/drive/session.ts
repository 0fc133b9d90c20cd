import type { About, UserMe } from "@nimbus/protocol";
import { createContext, useCallback, useContext, useEffect, useRef, useState } from "react";
import { useLocation } from "react-router";
import { refreshSignIn } from "../accounts/sign-in-refresh.js";
import { callApi, errorText } from "../api/client.js";
import { ENDPOINTS } from "../api/endpoints.js";
import { useLocale, useT } from "../i18n/i18n.js";
import { documentCookieJar } from "../lib/cookies.js";

export type DriveSession =
  | { status: "loading" }
  | { status: "signed-out" }
  | { status: "error"; message: string }
  | { status: "ready"; user: UserMe; about?: About; aboutError?: string };

export const DriveSessionContext = createContext<{ session: DriveSession; reload: () => void }>({
  session: { status: "loading" },
  reload: () => {},
});

export function useDriveSession() {
  return useContext(DriveSessionContext);
}

/**
 * The signed-in user and their storage, fetched in the browser with the session
 * cookie. No session (401 `unauthenticated`) is the signed-out state, not an error.
 * Each later navigation runs the sign-in refresh of spec §4 (the profile again; the
 * user id cookie stored or cleared), so a session ended elsewhere shows at once.
 */
export function useLoadDriveSession(): { session: DriveSession; reload: () => void } {
  const locale = useLocale();
  const t = useT();
  const { key } = useLocation();
  const [session, setSession] = useState<DriveSession>({ status: "loading" });
  const [version, setVersion] = useState(0);
  const firstKey = useRef(key);
  const ready = useRef(false);
  ready.current = session.status === "ready";
  // biome-ignore lint/correctness/useExhaustiveDependencies: t follows locale; version forces a reload
  useEffect(() => {
    const controller = new AbortController();
    const { signal } = controller;
    const jar = documentCookieJar(document);
    Promise.all([
      refreshSignIn(() => callApi<UserMe>(ENDPOINTS.userMe, { locale, signal }), jar),
      callApi<About>(ENDPOINTS.about, { locale, signal }),
    ]).then(
      ([me, about]) => {
        if (!me.signedIn) {
          setSession(
            me.signedOut ? { status: "signed-out" } : { status: "error", message: t("api.unknown") },
          );
          return;
        }
        setSession(
          about.ok
            ? { status: "ready", user: me.user, about: about.data }
            : { status: "ready", user: me.user, aboutError: errorText(about.error, t) },
        );
      },
      () => {}, // aborted: a newer load is under way
    );
    return () => controller.abort();
  }, [locale, version]);
  // biome-ignore lint/correctness/useExhaustiveDependencies: once per navigation
  useEffect(() => {
    if (key === firstKey.current) return;
    const controller = new AbortController();
    const { signal } = controller;
    refreshSignIn(
      () => callApi<UserMe>(ENDPOINTS.userMe, { locale, signal }),
      documentCookieJar(document),
    ).then(
      (outcome) => {
        if (outcome.signedIn && ready.current)
          setSession((current) =>
            current.status === "ready" ? { ...current, user: outcome.user } : current,
          );
        else if (outcome.signedIn) setVersion((v) => v + 1);
        else if (outcome.signedOut) setSession({ status: "signed-out" });
      },
      () => {},
    );
    return () => controller.abort();
  }, [key]);
  const reload = useCallback(() => setVersion((v) => v + 1), []);
  return { session, reload };
}
