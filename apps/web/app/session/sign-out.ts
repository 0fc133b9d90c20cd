import { nimbusApi } from "@nimbus/protocol";
import { useNavigate } from "react-router";
import { callEndpoint } from "../api/client.js";
import { useLocale } from "../i18n/i18n.js";
import { documentCookieJar, USER_ID_COOKIE, USER_ID_COOKIE_OPTIONS } from "../lib/cookies.js";
import { emitInBrowser, searchWithoutFromSource } from "./auth-events.js";
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
    await callEndpoint(nimbusApi.auth.signout, {
      query: everywhere ? { all: "true" } : undefined,
      locale,
    });
    documentCookieJar(document).remove(USER_ID_COOKIE, USER_ID_COOKIE_OPTIONS);
    emitInBrowser("LOGOUT_SUCCESS", { everywhere });
    const search = searchWithoutFromSource(window.location.search);
    if (search !== undefined)
      window.history.replaceState(window.history.state, "", `${window.location.pathname}${search}`);
    reload();
    void navigate("/drive/login");
  };
}
