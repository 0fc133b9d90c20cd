import { useEffect } from "react";
import { useRouteLoaderData } from "react-router";
import { documentCookieJar, USER_ID_COOKIE } from "../../lib/cookies.js";
import { DEFAULT_VIEW_TYPE, initDisplayMode, type SavedViewType } from "../../lib/display-mode.js";
import { whenIdle } from "../../lib/idle.js";

/**
 * At start (once the browser is idle), reads the saved display mode and mirrors its
 * view type into the `pp_ssr_view_type` cookie (spec §4), so the next server render
 * uses it.
 */
export function useDisplayModeCookie(): void {
  useEffect(
    () =>
      whenIdle(() => {
        try {
          const jar = documentCookieJar(document);
          initDisplayMode(window.localStorage, jar, jar.get(USER_ID_COOKIE));
        } catch (error) {
          console.warn("display mode: storage unavailable", error);
        }
      }),
    [],
  );
}

/** The view type the server rendered with (the root loader reads the cookie). */
export function useSavedViewType(): SavedViewType {
  const root = useRouteLoaderData<{ viewType?: SavedViewType }>("root");
  return root?.viewType ?? DEFAULT_VIEW_TYPE;
}
