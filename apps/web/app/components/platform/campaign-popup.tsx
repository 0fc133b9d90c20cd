import { nimbusApi } from "@nimbus/protocol";
import { useId } from "react";
import { callEndpoint } from "../../api/client.js";
import { useT } from "../../i18n/i18n.js";
import { ModalDialog } from "../modal-dialog.js";

// Loaded only when a page asks for the campaign popup: the endpoint table and the dialog
// stay out of every page's first load.

export type PopupDialog = { title: string; text: string; button?: string; url?: string };

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

export default function CampaignPopup({ dialog, onClose }: { dialog: PopupDialog; onClose(): void }) {
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

/** The dialog of the campaign the remote config has live now, if any. */
export async function liveCampaignDialog(locale: string): Promise<PopupDialog | undefined> {
  const result = await callEndpoint(nimbusApi.config.activityOperation, {
    locale,
    body: { client: "web", data: { language: locale } },
  });
  return result.ok ? result.data.data.campaigns[0]?.dialog : undefined;
}
