import { useNavigate } from "react-router";
import { callApi } from "../api/client.js";
import { ENDPOINTS } from "../api/endpoints.js";
import { useLocale } from "../i18n/i18n.js";
import { useDriveSession } from "./session.js";

/** Ends the session, then shows the sign-in page. */
export function useSignOut(): () => Promise<void> {
  const locale = useLocale();
  const navigate = useNavigate();
  const { reload } = useDriveSession();
  return async () => {
    await callApi(ENDPOINTS.signout, { method: "POST", locale });
    reload();
    navigate("/drive/login");
  };
}
