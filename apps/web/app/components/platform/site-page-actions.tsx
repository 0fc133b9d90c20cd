import { lazy, Suspense, useState } from "react";
import { useNavigate } from "react-router";
import { useLocale } from "../../i18n/i18n.js";
import { localizedPath } from "../../i18n/locale-url.js";
import type { PopupDialog } from "./campaign-popup.js";
import { usePageAction } from "./page-actions.js";

const CampaignPopup = lazy(() => import("./campaign-popup.js"));

/** Where `?action=login_to_drive` goes: the drive, whose sign-in dialog opens when nobody is signed in. */
export const LOGIN_TO_DRIVE_PATH = "/drive/all?action=login_required";

/**
 * Page actions of spec §4 answered on every page (decision 0039): `landing_page` opens the
 * home page in the current language, `login_to_drive` the drive (signing in first when
 * needed), `show_popup_window` the dialog of the live campaign of the remote config
 * (`/config/v1/activity_operation`); with none live it shows nothing.
 */
export function SitePageActions() {
  const navigate = useNavigate();
  const locale = useLocale();
  const [popup, setPopup] = useState<PopupDialog | undefined>(undefined);
  usePageAction("landing_page", () => navigate(localizedPath(locale, "/")));
  usePageAction("login_to_drive", () => navigate(LOGIN_TO_DRIVE_PATH));
  usePageAction("show_popup_window", async () => {
    const { liveCampaignDialog } = await import("./campaign-popup.js");
    const dialog = await liveCampaignDialog(locale);
    if (dialog) setPopup(dialog);
  });
  return popup ? (
    <Suspense fallback={null}>
      <CampaignPopup dialog={popup} onClose={() => setPopup(undefined)} />
    </Suspense>
  ) : null;
}
