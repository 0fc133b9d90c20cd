import { useCallback, useEffect, useRef, useState } from "react";
import { useSearchParams } from "react-router";
import { useSavedViewType } from "../../components/platform/display-mode-cookie.js";
import { documentCookieJar, USER_ID_COOKIE } from "../../lib/cookies.js";
import {
  applyDisplayQuery,
  DEFAULT_DISPLAY_MODE,
  type DisplayMode,
  loadDisplayMode,
  saveDisplayMode,
} from "../../lib/display-mode.js";
import { useDriveSession } from "../../session/session.js";

/**
 * The display mode (spec §3–§4) as React state. The first render uses the view type
 * the server rendered with (the `pp_ssr_view_type` cookie), so hydration matches and
 * the first paint already shows the saved view; then the stored record is read (the
 * user's key, else the global one) and `?view=`/`?order=` apply on top without being
 * saved. Changes are saved under both keys and mirrored to the cookie.
 */
export function useDisplayMode(): [DisplayMode, (change: Partial<DisplayMode>) => void] {
  const ssrView = useSavedViewType();
  const [params] = useSearchParams();
  const { session } = useDriveSession();
  const userId = session.status === "ready" ? session.user.sub : undefined;
  const search = params.toString();
  // The server knows the cookie's view type and the URL, not the stored record.
  const [mode, setMode] = useState<DisplayMode>(() =>
    applyDisplayQuery({ ...DEFAULT_DISPLAY_MODE, viewType: ssrView }, search),
  );

  // Read again when the query changes or the record's owner does, unless a choice was made
  // on this page since the last read (it is saved for that owner too). The session arriving
  // after the cookie's id was read used to read again and undo a choice made meanwhile: the
  // photo flow, saved as grid, fell back to grid (a click on "Photo view" made right after
  // the page ran, before the profile came, did not take).
  const loaded = useRef<{ owner: string | undefined; search: string } | null>(null);
  const chosen = useRef(false);
  useEffect(() => {
    try {
      const jar = documentCookieJar(document);
      const owner = userId ?? jar.get(USER_ID_COOKIE);
      const last = loaded.current;
      loaded.current = { owner, search };
      if (last && last.search === search && (last.owner === owner || chosen.current)) return;
      chosen.current = false;
      setMode(applyDisplayQuery(loadDisplayMode(localStorage, owner), search));
    } catch {
      // No storage: keep the defaults.
    }
  }, [userId, search]);

  const update = useCallback(
    (change: Partial<DisplayMode>) => {
      chosen.current = true;
      setMode((current) => {
        const next = { ...current, ...change };
        try {
          const jar = documentCookieJar(document);
          saveDisplayMode(localStorage, jar, next, userId ?? jar.get(USER_ID_COOKIE));
        } catch {
          // Not saved; the change still applies to this page.
        }
        return next;
      });
    },
    [userId],
  );
  return [mode, update];
}
