import { useCallback, useEffect, useRef, useState } from "react";
import { type Location, useLocation } from "react-router";
import { useT } from "../../i18n/i18n.js";
import { useDriveSession } from "../../session/session.js";
import { droppedItems } from "./dropped-items.js";
import { RESUME_STORAGE_KEY } from "./resume-store.js";
import { UPLOAD_EVENT, type UploadRequest } from "./upload-events.js";
import "./upload-host.css";

type UploadRuntime = typeof import("./upload-runtime.js");

/** The folder the page shows: `/drive/all?parent_id=` (absent or empty: the root); elsewhere the root. */
export function currentFolderId(location: Pick<Location, "pathname" | "search">): string {
  if (!/\/drive\/all\/?$/.test(location.pathname)) return "";
  return new URLSearchParams(location.search).get("parent_id") ?? "";
}

function hasInterruptedUploads(): boolean {
  try {
    return Boolean(localStorage.getItem(RESUME_STORAGE_KEY));
  } catch {
    return false;
  }
}

function carriesFiles(event: DragEvent): boolean {
  return event.dataTransfer?.types.includes("Files") ?? false;
}

/**
 * The drive layout's upload machinery: takes upload requests (`requestUpload`) and
 * files dropped anywhere on the page from the desktop, and shows the upload panel.
 * The queue, the hash worker, tus and the panel load on first use, or at once when a
 * reload interrupted uploads that can continue.
 */
export function UploadHost() {
  const t = useT();
  const { session } = useDriveSession();
  const ready = session.status === "ready";
  const location = useLocation();
  const folder = useRef("");
  folder.current = currentFolderId(location);
  const [runtime, setRuntime] = useState<UploadRuntime>();
  const [dragging, setDragging] = useState(false);

  const load = useCallback(
    () =>
      import("./upload-runtime.js").then((module) => {
        setRuntime(module);
        return module;
      }),
    [],
  );

  useEffect(() => {
    if (ready && hasInterruptedUploads()) void load();
  }, [ready, load]);

  useEffect(() => {
    const onRequest = (event: Event) => {
      const { sources, parentId } = (event as CustomEvent<UploadRequest>).detail;
      const target = parentId ?? folder.current;
      void load().then((module) => module.getUploadQueue().add(sources, target));
    };
    window.addEventListener(UPLOAD_EVENT, onRequest);
    return () => window.removeEventListener(UPLOAD_EVENT, onRequest);
  }, [load]);

  useEffect(() => {
    if (!ready) return;
    let depth = 0;
    const enter = (event: DragEvent) => {
      if (!carriesFiles(event)) return;
      depth += 1;
      setDragging(true);
    };
    const over = (event: DragEvent) => {
      if (!carriesFiles(event) || !event.dataTransfer) return;
      event.preventDefault();
      event.dataTransfer.dropEffect = "copy";
    };
    const leave = (event: DragEvent) => {
      if (!carriesFiles(event)) return;
      depth = Math.max(0, depth - 1);
      if (depth === 0) setDragging(false);
    };
    const drop = (event: DragEvent) => {
      if (!carriesFiles(event) || !event.dataTransfer) return;
      event.preventDefault();
      depth = 0;
      setDragging(false);
      // Entries must be taken while the event lasts; their folders are read afterwards.
      const items = droppedItems(event.dataTransfer);
      const target = folder.current;
      void load().then(async (module) =>
        module.getUploadQueue().add(await module.readDropped(items), target),
      );
    };
    window.addEventListener("dragenter", enter);
    window.addEventListener("dragover", over);
    window.addEventListener("dragleave", leave);
    window.addEventListener("drop", drop);
    return () => {
      window.removeEventListener("dragenter", enter);
      window.removeEventListener("dragover", over);
      window.removeEventListener("dragleave", leave);
      window.removeEventListener("drop", drop);
    };
  }, [ready, load]);

  return (
    <>
      {dragging && (
        <div className="upload-drop-zone" data-testid="upload-drop-zone">
          <p>{t("uploads.dropHere")}</p>
        </div>
      )}
      {runtime && <runtime.UploadPanel />}
    </>
  );
}
