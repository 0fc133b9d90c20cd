import type { ReactNode } from "react";
import { Link } from "react-router";
import { Modal } from "../components/dialogs.js";
import { formatBytes } from "../i18n/format.js";
import { useLocale, useT } from "../i18n/i18n.js";
import { useDriveSession } from "../session/session.js";
import { useFeature } from "../site/remote-config.js";
import { CheckInPanel } from "./check-in-panel.js";
import { InvitePanel } from "./invite-panel.js";
import { ProductCards } from "./plan-cards.js";
import { UsageBar } from "./usage-bar.js";

/*
 * The offer dialogs of the drive's page actions (drive-page-actions.tsx). They open only on
 * an action, so the drive loads them then, not with its first paint.
 */

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

/** `?action=show_storage_dialog`: what the drive uses, what the trash holds, and where to get more. */
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

export type OfferDialogName = "storage" | "traffic" | "invite" | "activity";

/** The dialog `name` of the drive's page actions. */
export default function OfferDialog({ name, onClose }: { name: OfferDialogName; onClose(): void }) {
  if (name === "storage") return <StorageDialog onClose={onClose} />;
  if (name === "traffic") return <TrafficDialog onClose={onClose} />;
  if (name === "invite") return <InviteDialog onClose={onClose} />;
  return <ActivityDialog onClose={onClose} />;
}
