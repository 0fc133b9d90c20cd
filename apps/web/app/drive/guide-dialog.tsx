import { useEffect, useState } from "react";
import { Icon } from "../components/icon.js";
import * as icons from "../components/icons.js";
import { ModalDialog } from "../components/modal-dialog.js";
import { usePageAction } from "../components/platform/page-actions.js";
import { useT } from "../i18n/i18n.js";
import { isNewUser, markGuideSeen } from "../session/new-user.js";
import { useDriveSession } from "../session/session.js";

const TIPS: ReadonlyArray<[id: string, icon: string]> = [
  ["upload", icons.upload],
  ["save", icons.save],
  ["cloud", icons.magnet],
  ["apps", icons.phone],
];

/**
 * The welcome guide: shown once in the drive after an account was created in this browser
 * (session/new-user.ts), never over a signed-out page; `?action=show_beginner_dialog`
 * shows it again.
 */
export function GuideDialog() {
  const t = useT();
  const { session } = useDriveSession();
  const [open, setOpen] = useState(false);
  const show = () => setOpen(true);
  usePageAction("show_beginner_dialog", show);
  const signedIn = session.status === "ready";
  useEffect(() => {
    if (signedIn && isNewUser()) setOpen(true);
  }, [signedIn]);
  const dismiss = () => {
    setOpen(false);
    markGuideSeen();
  };
  return (
    <ModalDialog open={open} className="modal-surface guide" labelledBy="guide-title" onDismiss={dismiss}>
      <form method="dialog">
        <h2 id="guide-title">{t("drive.guide.title")}</h2>
        <p className="muted">{t("drive.guide.lead")}</p>
        <ul className="guide-tips">
          {TIPS.map(([id, icon]) => (
            <li key={id}>
              <span className="feature-icon">
                <Icon d={icon} size={22} />
              </span>
              <div>
                <strong>{t(`drive.guide.${id}.title`)}</strong>
                <p>{t(`drive.guide.${id}.body`)}</p>
              </div>
            </li>
          ))}
        </ul>
        <button className="button primary" type="submit">
          {t("drive.guide.done")}
        </button>
      </form>
    </ModalDialog>
  );
}
