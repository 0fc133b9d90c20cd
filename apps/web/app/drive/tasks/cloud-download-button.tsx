import { useNavigate } from "react-router";
import { Icon } from "../../components/icon.js";
import * as icons from "../../components/icons.js";
import { useAwaitingScripts } from "../../components/use-hydrated.js";
import { useT } from "../../i18n/i18n.js";
import { useDriveSession } from "../../session/session.js";
import { useFeature } from "../../site/remote-config.js";
import { requestCloudDownload } from "./cloud-download-events.js";

/**
 * "Cloud download" beside Upload: opens the create dialog; signed out, it leads to sign-in first.
 * Absent while the remote config switches cloud download off.
 */
export function CloudDownloadButton() {
  const t = useT();
  const navigate = useNavigate();
  const { session } = useDriveSession();
  const waiting = useAwaitingScripts();
  if (!useFeature("cloud_download")) return null;
  return (
    <button
      type="button"
      className="button cloud-download-button"
      aria-label={t("drive.all.cloudDownload")}
      onClick={() => (session.status === "signed-out" ? navigate("/drive/login") : requestCloudDownload())}
      {...waiting}
    >
      <Icon d={icons.magnet} />
      <span className="label">{t("drive.all.cloudDownload")}</span>
    </button>
  );
}
