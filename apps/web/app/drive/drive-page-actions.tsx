import { lazy, Suspense, useState } from "react";
import { useNavigate } from "react-router";
import { usePageAction } from "../components/platform/page-actions.js";
import { useFeature } from "../site/remote-config.js";
import type { OfferDialogName } from "./offer-dialogs.js";
import { CloudDownloadHost } from "./tasks/cloud-download-host.js";
import { useShareCodePaste } from "./use-share-code-paste.js";

/** Loaded when an action opens one: the first paint of the drive does not wait for them. */
const OfferDialog = lazy(() => import("./offer-dialogs.js"));

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
  const [dialog, setDialog] = useState<OfferDialogName | undefined>(undefined);
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
      {dialog && (
        <Suspense fallback={null}>
          <OfferDialog name={dialog} onClose={close} />
        </Suspense>
      )}
      {cloudDownload && <CloudDownloadHost />}
    </>
  );
}
