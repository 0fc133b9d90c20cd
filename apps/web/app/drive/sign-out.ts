import { useNavigate } from "react-router";
import { emitInBrowser, searchWithoutFromSource } from "../accounts/auth-events.js";
import { callApi } from "../api/client.js";
import { ENDPOINTS } from "../api/endpoints.js";
import { useLocale } from "../i18n/i18n.js";
import { documentCookieJar, USER_ID_COOKIE, USER_ID_COOKIE_OPTIONS } from "../lib/cookies.js";
import { useDriveSession } from "./session.js";

/**
 * Ends the session (`everywhere`: every session of the user), clears the user id
 * cookie, dispatches LOGOUT_SUCCESS (which drops a `from_source` hand-off parameter
 * from the address, spec §4), then shows the sign-in page.
 */
export function useSignOut({ everywhere = false }: { everywhere?: boolean } = {}): () => Promise<void> {
  const locale = useLocale();
  const navigate = useNavigate();
  const { reload } = useDriveSession();
  return async () => {
    await callApi(everywhere ? `${ENDPOINTS.signout}?all=true` : ENDPOINTS.signout, {
      method: "POST",
      locale,
    });
    documentCookieJar(document).remove(USER_ID_COOKIE, USER_ID_COOKIE_OPTIONS);
    emitInBrowser("LOGOUT_SUCCESS", { everywhere });
    const search = searchWithoutFromSource(window.location.search);
    if (search !== undefined)
      window.history.replaceState(window.history.state, "", `${window.location.pathname}${search}`);
    reload();
    navigate("/drive/login");
  };
}
