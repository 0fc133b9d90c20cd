import type { DriveFile } from "@nimbus/protocol";
import { type PointerEvent as ReactPointerEvent, useEffect, useRef, useState } from "react";
import { Link } from "react-router";
import { Icon } from "../../components/icon.js";
import * as icons from "../../components/icons.js";
import { ModalDialog } from "../../components/modal-dialog.js";
import { Spinner } from "../../components/spinner.js";
import { useT } from "../../i18n/i18n.js";
import { ArchiveViewer } from "./archive-viewer.js";
import { ImageViewer } from "./image-viewer.js";
import { type MediaQueue, MediaViewer } from "./media-viewer.js";
import { PdfViewer } from "./pdf-viewer.js";
import type { PreviewRequest } from "./preview-events.js";
import * as previewIcons from "./preview-icons.js";
import { previewKind } from "./preview-kind.js";
import "./preview.css";
import { TextViewer } from "./text-viewer.js";
import { Unsupported } from "./unsupported.js";
import { linkPath, useDriveFile } from "./use-drive-file.js";

/** Browser-storage key of spec §3: the file the preview shows. */
const PREVIEW_FILE_KEY = "pp_preview_file_id";
const SWIPE_PX = 60;

function remember(id: string | undefined) {
  try {
    if (id) localStorage.setItem(PREVIEW_FILE_KEY, id);
    else localStorage.removeItem(PREVIEW_FILE_KEY);
  } catch {
    // Nothing to remember it in.
  }
}

function Viewer({ file, queue }: { file: DriveFile; queue: (kind: "video" | "audio") => MediaQueue }) {
  const kind = previewKind(file);
  switch (kind) {
    case "image":
      return <ImageViewer file={file} />;
    case "video":
    case "audio":
      return <MediaViewer file={file} kind={kind} queue={queue(kind)} />;
    case "pdf":
      return <PdfViewer file={file} />;
    case "text":
      return <TextViewer file={file} />;
    case "archive":
      return <ArchiveViewer file={file} />;
    case "none":
      return <Unsupported file={file} reason="preview.none" />;
  }
}

/** Keys that belong to a control (seeking a video, typing a password), not to the dialog. */
function ownsArrowKeys(target: EventTarget | null): boolean {
  return (
    target instanceof HTMLElement &&
    target.matches("input, textarea, select, video, audio, [contenteditable]")
  );
}

/**
 * The preview: one file at a time, full screen, with previous/next through the files
 * the list showed around it (arrow keys, buttons, a swipe on touch screens), download,
 * and the viewer for its kind. Escape or the close button closes it.
 */
export function PreviewDialog({ request, onClose }: { request: PreviewRequest; onClose: () => void }) {
  const t = useT();
  const ids = request.siblingIds.includes(request.fileId) ? request.siblingIds : [request.fileId];
  const [index, setIndex] = useState(() => ids.indexOf(request.fileId));
  const direction = useRef<1 | -1>(1);
  const id = ids[index];
  const state = useDriveFile(id);
  const swipeStart = useRef<{ x: number; y: number }>(undefined);

  const go = (step: 1 | -1) => {
    const target = index + step;
    if (target < 0 || target >= ids.length) return;
    direction.current = step;
    setIndex(target);
  };

  useEffect(() => () => remember(undefined), []);
  useEffect(() => remember(id), [id]);
  // Folders among the neighbours are stepped over in the direction of travel.
  // biome-ignore lint/correctness/useExhaustiveDependencies: reacts to the loaded file only
  useEffect(() => {
    if (state.status !== "ready" || state.file.kind !== "drive#folder") return;
    const target = index + direction.current;
    if (target >= 0 && target < ids.length) setIndex(target);
  }, [state]);

  const file = state.status === "ready" ? state.file : undefined;
  /** The next and previous video (or song) around this one, when the list said what its neighbours are. */
  const queue = (kind: "video" | "audio"): MediaQueue => {
    const siblings = request.siblings;
    if (!siblings) return {};
    const step = (by: 1 | -1) => {
      for (let at = index + by; at >= 0 && at < ids.length; at += by) {
        const sibling = siblings.find((entry) => entry.id === ids[at]);
        if (sibling && previewKind(sibling) === kind) {
          const target = at;
          return {
            name: sibling.name,
            play: () => {
              direction.current = by;
              setIndex(target);
            },
          };
        }
      }
      return undefined;
    };
    return { next: step(1), previous: kind === "audio" ? step(-1) : undefined };
  };
  const onKeyDown = (event: React.KeyboardEvent) => {
    if (ownsArrowKeys(event.target)) return;
    if (event.key === "ArrowLeft") go(-1);
    else if (event.key === "ArrowRight") go(1);
  };
  const onPointerDown = (event: ReactPointerEvent) => {
    if (event.pointerType === "touch") swipeStart.current = { x: event.clientX, y: event.clientY };
  };
  const onPointerUp = (event: ReactPointerEvent) => {
    const start = swipeStart.current;
    swipeStart.current = undefined;
    if (!start || event.defaultPrevented) return;
    const dx = event.clientX - start.x;
    if (Math.abs(dx) > SWIPE_PX && Math.abs(event.clientY - start.y) < SWIPE_PX) go(dx < 0 ? 1 : -1);
  };

  return (
    <ModalDialog
      className="preview-dialog"
      labelledBy="preview-title"
      onDismiss={onClose}
      onKeyDown={onKeyDown}
    >
      <header className="preview-head">
        <h2 id="preview-title" className="preview-title" title={file?.name}>
          {file ? <bdi>{file.name}</bdi> : t("common.loading")}
        </h2>
        {ids.length > 1 && (
          <span className="preview-position">
            {t("preview.position", { index: index + 1, count: ids.length })}
          </span>
        )}
        {file?.web_content_link && (
          <a
            className="button preview-download"
            href={linkPath(file.web_content_link)}
            download={file.name}
            aria-label={t("preview.download")}
          >
            <Icon d={icons.download} />
            <span className="label">{t("preview.download")}</span>
          </a>
        )}
        <button
          type="button"
          className="icon-button preview-close"
          aria-label={t("preview.close")}
          title={t("preview.close")}
          onClick={onClose}
        >
          <Icon d={icons.close} />
        </button>
      </header>
      <div className="preview-body" onPointerDown={onPointerDown} onPointerUp={onPointerUp}>
        {state.status === "loading" && (
          <p className="preview-status" role="status">
            <Spinner /> {t("common.loading")}
          </p>
        )}
        {state.status === "error" && (
          <div className="preview-status" role="alert">
            <p>{state.message}</p>
            {state.signedOut && (
              <Link className="button primary" to="/drive/login">
                {t("nav.signIn")}
              </Link>
            )}
          </div>
        )}
        {file && file.kind !== "drive#folder" && <Viewer key={file.id} file={file} queue={queue} />}
      </div>
      {ids.length > 1 && (
        <>
          <button
            type="button"
            className="preview-nav previous"
            aria-label={t("preview.previous")}
            title={t("preview.previous")}
            disabled={index === 0}
            onClick={() => go(-1)}
          >
            <Icon d={previewIcons.previous} size={28} />
          </button>
          <button
            type="button"
            className="preview-nav next"
            aria-label={t("preview.next")}
            title={t("preview.next")}
            disabled={index === ids.length - 1}
            onClick={() => go(1)}
          >
            <Icon d={previewIcons.next} size={28} />
          </button>
        </>
      )}
    </ModalDialog>
  );
}
