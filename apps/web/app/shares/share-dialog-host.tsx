import { lazy, Suspense, useEffect, useState } from "react";
import { useLocation, useNavigate } from "react-router";
import { onShareRequest } from "../lib/share-events.js";
import { useDriveSession } from "../session/session.js";
import { readPendingRestore } from "./restore-continuation.js";

const ShareDialog = lazy(() => import("./share-dialog.js"));

/**
 * After sign-in, a save that waited for it (spec §3 `restore_continue`) brings the
 * visitor back to its share page, which finishes the save. Sign-in pages land in the
 * drive, whose layout mounts this.
 */
function useRestoreContinuation(): void {
  const { session } = useDriveSession();
  const { pathname } = useLocation();
  const navigate = useNavigate();
  const ready = session.status === "ready";
  useEffect(() => {
    if (!ready || pathname.startsWith("/s/")) return;
    let path: string | undefined;
    try {
      path = readPendingRestore(localStorage, Date.now())?.path;
    } catch {
      return;
    }
    if (path) navigate(path, { replace: true });
  }, [ready, pathname, navigate]);
}

/**
 * Mounted by the drive layout: opens the share dialog (loaded on first use) when any
 * part of the drive calls `requestShare(fileIds)`.
 */
export function ShareDialogHost() {
  const [fileIds, setFileIds] = useState<readonly string[] | null>(null);
  useEffect(() => onShareRequest((detail) => setFileIds(detail.fileIds)), []);
  useRestoreContinuation();
  if (!fileIds) return null;
  return (
    <Suspense fallback={null}>
      <ShareDialog key={fileIds.join(",")} fileIds={fileIds} onClose={() => setFileIds(null)} />
    </Suspense>
  );
}
