import { useState } from "react";
import { Link, useNavigate } from "react-router";
import { usePageAction } from "../components/platform/page-actions.js";
import { formatBytes } from "../i18n/format.js";
import { useLocale, useT } from "../i18n/i18n.js";
import { Modal } from "./files/dialogs.js";
import { useDriveSession } from "./session.js";
import { UsageBar } from "./usage-bar.js";

/** `?action=show_storage_dialog`: what the drive uses, what the trash holds, and where to get more. */
function StorageDialog({ onClose }: { onClose(): void }) {
  const t = useT();
  const locale = useLocale();
  const { session } = useDriveSession();
  const about = session.status === "ready" ? session.about : undefined;
  return (
    <Modal title={t("drive.storage")} onCancel={onClose} className="storage-dialog">
      {about ? (
        <>
          <UsageBar about={about} />
          <p className="muted">
            {t("files.storage.trash", { size: formatBytes(about.quota.usage_in_trash, locale) })}
          </p>
        </>
      ) : (
        <p className="muted">{t("drive.signedOut.short")}</p>
      )}
      <div className="dialog-actions">
        <button type="button" className="button" onClick={onClose}>
          {t("common.close")}
        </button>
        <Link className="button primary" to="/drive/payment/storage" onClick={onClose}>
          {t("drive.moreStorage")}
        </Link>
      </div>
    </Modal>
  );
}

/**
 * Page actions of spec §4 the drive layout answers on every drive page:
 * `show_storage_dialog` and `open_feedback` (outside embedded mode, where the parent gets it
 * instead); the sign-in actions are the sign-in dialog's.
 */
export function DrivePageActions() {
  const navigate = useNavigate();
  const [storage, setStorage] = useState(false);
  usePageAction("show_storage_dialog", () => setStorage(true));
  usePageAction("open_feedback", () => navigate("/drive/feedback"));
  // `show_login` and `login_required` open the sign-in dialog (accounts/sign-in-dialog.tsx).
  return storage ? <StorageDialog onClose={() => setStorage(false)} /> : null;
}
