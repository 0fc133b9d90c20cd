import { lazy, Suspense, useCallback, useEffect, useState } from "react";
import { useNavigate, useSearchParams } from "react-router";
import { usePageAction } from "../../components/platform/page-actions.js";
import { useLocale } from "../../i18n/i18n.js";
import { localizedPath } from "../../i18n/locale-url.js";
import { useDriveSession } from "../../session/session.js";
import { type CloudDownloadRequest, onCloudDownloadRequest } from "./cloud-download-events.js";

/** Loaded when a cloud download is asked for, not with the drive's first paint. */
const CloudDownloadDialog = lazy(() =>
  import("./cloud-download-dialog.js").then((module) => ({ default: module.CloudDownloadDialog })),
);

const ACTION_PARAMS = ["action", "url", "file_id", "file_name"];

/**
 * Opens the cloud-download dialog on `requestCloudDownload(...)` and on
 * `?action=create_task` (`url`, or `file_id` of a `.torrent` in the drive, prefill it);
 * `show_task` opens the Tasks view and `url_checker` the link checker. Signed out, the
 * drive's sign-in comes first (the action stays in the address and runs after it).
 */
export function CloudDownloadHost() {
  const [request, setRequest] = useState<CloudDownloadRequest & { key: number }>();
  const [params, setParams] = useSearchParams();
  const navigate = useNavigate();
  const locale = useLocale();
  const { session } = useDriveSession();
  const open = useCallback(
    (next: CloudDownloadRequest) => setRequest((current) => ({ ...next, key: (current?.key ?? 0) + 1 })),
    [],
  );
  useEffect(() => onCloudDownloadRequest(open), [open]);
  usePageAction("create_task", (actionParams) =>
    open({ url: actionParams.url, fileId: actionParams.file_id, fileName: actionParams.file_name }),
  );
  usePageAction("show_task", () => navigate("/drive/tasks"));
  usePageAction("url_checker", (actionParams) =>
    navigate(
      localizedPath(
        locale,
        actionParams.url ? `/url-checker?${new URLSearchParams({ url: actionParams.url })}` : "/url-checker",
      ),
    ),
  );
  if (!request || session.status !== "ready") return null;
  const close = () => {
    setRequest(undefined);
    if (params.get("action") === "create_task") {
      const next = new URLSearchParams(params);
      for (const name of ACTION_PARAMS) next.delete(name);
      setParams(next, { replace: true, preventScrollReset: true });
    }
  };
  return (
    <Suspense fallback={null}>
      <CloudDownloadDialog
        key={request.key}
        initialUrl={request.url ?? ""}
        torrentInDrive={
          request.fileId ? { fileId: request.fileId, name: request.fileName || request.fileId } : undefined
        }
        onClose={close}
      />
    </Suspense>
  );
}
