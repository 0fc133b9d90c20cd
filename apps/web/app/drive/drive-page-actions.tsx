import { type ReactNode, useState } from "react";
import { Link, useNavigate } from "react-router";
import { usePageAction } from "../components/platform/page-actions.js";
import { formatBytes } from "../i18n/format.js";
import { useLocale, useT } from "../i18n/i18n.js";
import { useDriveSession } from "../session/session.js";
import { useFeature } from "../site/remote-config.js";
import { CheckInPanel } from "./check-in-panel.js";
import { Modal } from "./files/dialogs.js";
import { InvitePanel } from "./invite-panel.js";
import { ProductCards } from "./plan-cards.js";
import { CloudDownloadHost } from "./tasks/cloud-download-host.js";
import { UsageBar } from "./usage-bar.js";
import { useShareCodePaste } from "./use-share-code-paste.js";

/** `?action=show_storage_dialog`: what the drive uses, what the trash holds, and where to get more. */
/** The offer dialogs' footer: Close, then the dialog's own action when it has one. */
function DialogActions({ onClose, children }: { onClose(): void; children?: ReactNode }) {
  const t = useT();
  return (
    <div className="dialog-actions">
      <button type="button" className="button" onClick={onClose}>
        {t("common.close")}
      </button>
      {children}
    </div>
  );
}

function StorageDialog({ onClose }: { onClose(): void }) {
  const t = useT();
  const locale = useLocale();
  const { session } = useDriveSession();
  const about = session.status === "ready" ? session.about : undefined;
  const payments = useFeature("payments");
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
      {about && payments && <ProductCards kinds={["storage_pack"]} level={3} />}
      <DialogActions onClose={onClose}>
        {payments && (
          <Link className="button primary" to="/drive/payment/storage" onClick={onClose}>
            {t("drive.moreStorage")}
          </Link>
        )}
      </DialogActions>
    </Modal>
  );
}

/** `?action=show_traffic_dialog`: the traffic packs on offer. */
function TrafficDialog({ onClose }: { onClose(): void }) {
  const t = useT();
  return (
    <Modal title={t("page.drivePaymentTraffic.title")} onCancel={onClose} className="offer-dialog">
      <p className="muted">{t("plans.traffic.explain")}</p>
      <ProductCards kinds={["traffic_pack"]} level={3} />
      <DialogActions onClose={onClose} />
    </Modal>
  );
}

/** `?action=show_invite_dialog`: the invite link, the friends who joined and the days earned. */
function InviteDialog({ onClose }: { onClose(): void }) {
  const t = useT();
  return (
    <Modal title={t("referral.link.title")} onCancel={onClose} className="invite-dialog">
      <InvitePanel />
      <DialogActions onClose={onClose} />
    </Modal>
  );
}

/** `?action=show_activity_dialog`: the daily check-in. */
function ActivityDialog({ onClose }: { onClose(): void }) {
  const t = useT();
  const { reload } = useDriveSession();
  return (
    <Modal title={t("page.checkIn.title")} onCancel={onClose} className="activity-dialog">
      <CheckInPanel onChanged={reload} />
      <DialogActions onClose={onClose} />
    </Modal>
  );
}

type Dialog = "storage" | "traffic" | "invite" | "activity";

/**
 * Page actions of spec §4 the drive layout answers on every drive page:
 * `show_storage_dialog`, `show_traffic_dialog` (the matching offers), `show_invite_dialog`,
 * `show_activity_dialog` (check-in) and `open_feedback` (outside embedded mode, where the parent gets it
 * instead), and the cloud-download ones (`create_task`, `show_task`, `url_checker`); the sign-in
 * actions are the sign-in dialog's. An action of a service the remote config switched off does nothing.
 * A pasted share link opens the share (`useShareCodePaste`).
 */
export function DrivePageActions() {
  const navigate = useNavigate();
  const [dialog, setDialog] = useState<Dialog | undefined>(undefined);
  const payments = useFeature("payments");
  const invites = useFeature("invites");
  const checkIn = useFeature("check_in");
  const cloudDownload = useFeature("cloud_download");
  usePageAction("show_storage_dialog", () => setDialog("storage"));
  usePageAction("show_traffic_dialog", () => {
    if (payments) setDialog("traffic");
  });
  usePageAction("show_invite_dialog", () => {
    if (invites) setDialog("invite");
  });
  usePageAction("show_activity_dialog", () => {
    if (checkIn) setDialog("activity");
  });
  usePageAction("open_feedback", () => navigate("/drive/feedback"));
  useShareCodePaste();
  // `show_login` and `login_required` open the sign-in dialog (accounts/sign-in-dialog.tsx).
  const close = () => setDialog(undefined);
  return (
    <>
      {dialog === "storage" && <StorageDialog onClose={close} />}
      {dialog === "traffic" && <TrafficDialog onClose={close} />}
      {dialog === "invite" && <InviteDialog onClose={close} />}
      {dialog === "activity" && <ActivityDialog onClose={close} />}
      {cloudDownload && <CloudDownloadHost />}
    </>
  );
}
