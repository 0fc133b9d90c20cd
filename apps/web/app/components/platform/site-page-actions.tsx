import { nimbusApi } from "@nimbus/protocol";
import { useId, useState } from "react";
import { useNavigate } from "react-router";
import { callEndpoint } from "../../api/client.js";
import { useLocale, useT } from "../../i18n/i18n.js";
import { localizedPath } from "../../i18n/locale-url.js";
import { ModalDialog } from "../modal-dialog.js";
import { usePageAction } from "./page-actions.js";

/** Where `?action=login_to_drive` goes: the drive, whose sign-in dialog opens when nobody is signed in. */
export const LOGIN_TO_DRIVE_PATH = "/drive/all?action=login_required";

type PopupDialog = { title: string; text: string; button?: string; url?: string };

/** A campaign's own link (an absolute address, or a path of this site); anything else is dropped. */
export function popupLink(url: string | undefined): string | undefined {
  if (!url) return undefined;
  if (url.startsWith("/") && !url.startsWith("//")) return url;
  try {
    const parsed = new URL(url);
    return parsed.protocol === "https:" || parsed.protocol === "http:" ? parsed.href : undefined;
  } catch {
    return undefined;
  }
}

function CampaignPopup({ dialog, onClose }: { dialog: PopupDialog; onClose(): void }) {
  const t = useT();
  const id = useId();
  const link = popupLink(dialog.url);
  return (
    <ModalDialog className="modal-surface popup-window" labelledBy={id} onDismiss={onClose}>
      <h2 id={id}>{dialog.title}</h2>
      <p>{dialog.text}</p>
      <div className="dialog-actions">
        <button type="button" className="button" onClick={onClose}>
          {t("common.close")}
        </button>
        {link && (
          <a className="button primary" href={link} onClick={onClose}>
            {dialog.button ?? dialog.title}
          </a>
        )}
      </div>
    </ModalDialog>
  );
}

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
    const result = await callEndpoint(nimbusApi.config.activityOperation, {
      locale,
      body: { client: "web", data: { language: locale } },
    });
    const campaign = result.ok ? result.data.data.campaigns[0] : undefined;
    if (campaign) setPopup(campaign.dialog);
  });
  return popup ? <CampaignPopup dialog={popup} onClose={() => setPopup(undefined)} /> : null;
}
