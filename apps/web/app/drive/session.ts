import type { About, UserMe } from "@nimbus/protocol";
import { createContext, useCallback, useContext, useEffect, useState } from "react";
import { callApi, errorText } from "../api/client.js";
import { ENDPOINTS } from "../api/endpoints.js";
import { useLocale, useT } from "../i18n/i18n.js";

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
 */
export function useLoadDriveSession(): { session: DriveSession; reload: () => void } {
  const locale = useLocale();
  const t = useT();
  const [session, setSession] = useState<DriveSession>({ status: "loading" });
  const [version, setVersion] = useState(0);
  // biome-ignore lint/correctness/useExhaustiveDependencies: t follows locale; version forces a reload
  useEffect(() => {
    const controller = new AbortController();
    const { signal } = controller;
    Promise.all([
      callApi<UserMe>(ENDPOINTS.userMe, { locale, signal }),
      callApi<About>(ENDPOINTS.about, { locale, signal }),
    ]).then(
      ([me, about]) => {
        if (!me.ok) {
          const signedOut = me.error.status === 401 || me.error.error === "unauthenticated";
          setSession(
            signedOut ? { status: "signed-out" } : { status: "error", message: errorText(me.error, t) },
          );
          return;
        }
        setSession(
          about.ok
            ? { status: "ready", user: me.data, about: about.data }
            : { status: "ready", user: me.data, aboutError: errorText(about.error, t) },
        );
      },
      () => {}, // aborted: a newer load is under way
    );
    return () => controller.abort();
  }, [locale, version]);
  const reload = useCallback(() => setVersion((v) => v + 1), []);
  return { session, reload };
}
