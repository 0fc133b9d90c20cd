import type { DriveFile } from "@nimbus/protocol";
import { type PointerEvent as ReactPointerEvent, useEffect, useRef, useState } from "react";
import { Icon } from "../../components/icon.js";
import { useT } from "../../i18n/i18n.js";
import * as previewIcons from "./preview-icons.js";
import { isSvg } from "./preview-kind.js";
import { Unsupported } from "./unsupported.js";
import { linkPath } from "./use-drive-file.js";

export const MIN_ZOOM = 1;
export const MAX_ZOOM = 8;
const STEP = 1.25;

export interface View {
  scale: number;
  x: number;
  y: number;
}

/**
 * Zooms to `scale` keeping the point `(px, py)` (relative to the viewport's centre)
 * where it is; back at the fitted size the image re-centres.
 */
export function zoomAt(view: View, scale: number, px = 0, py = 0): View {
  const next = Math.min(MAX_ZOOM, Math.max(MIN_ZOOM, scale));
  if (next === MIN_ZOOM) return { scale: MIN_ZOOM, x: 0, y: 0 };
  const ratio = next / view.scale;
  return { scale: next, x: px - (px - view.x) * ratio, y: py - (py - view.y) * ratio };
}

/** SVG is only served as an attachment; drawn from a blob in an <img>, its scripts never run. */
function useSvgBlob(file: DriveFile): string | undefined {
  const [url, setUrl] = useState<string>();
  const svg = isSvg(file);
  useEffect(() => {
    if (!svg || !file.web_content_link) return;
    let created: string | undefined;
    const controller = new AbortController();
    fetch(linkPath(file.web_content_link), { signal: controller.signal })
      .then((response) => response.blob())
      .then((blob) => {
        created = URL.createObjectURL(new Blob([blob], { type: "image/svg+xml" }));
        setUrl(created);
      })
      .catch(() => {});
    return () => {
      controller.abort();
      if (created) URL.revokeObjectURL(created);
    };
  }, [svg, file.web_content_link]);
  return svg ? url : linkPath(file.web_content_link, true);
}

/**
 * An image fitted to the window, with zoom: the buttons, + / - / 0, the wheel and a
 * double click (both around the pointer); dragging moves a zoomed image.
 */
export function ImageViewer({ file }: { file: DriveFile }) {
  const t = useT();
  const src = useSvgBlob(file);
  const [view, setView] = useState<View>({ scale: 1, x: 0, y: 0 });
  const [failed, setFailed] = useState(false);
  const stage = useRef<HTMLDivElement>(null);
  const drag = useRef<{ x: number; y: number; view: View }>(undefined);

  const pointAt = (clientX: number, clientY: number) => {
    const rect = stage.current?.getBoundingClientRect();
    if (!rect) return [0, 0] as const;
    return [clientX - (rect.left + rect.width / 2), clientY - (rect.top + rect.height / 2)] as const;
  };

  useEffect(() => {
    const element = stage.current;
    if (!element) return;
    // A non-passive listener: the wheel zooms the image instead of scrolling the page.
    const onWheel = (event: WheelEvent) => {
      event.preventDefault();
      const [px, py] = pointAt(event.clientX, event.clientY);
      setView((current) => zoomAt(current, current.scale * (event.deltaY < 0 ? STEP : 1 / STEP), px, py));
    };
    element.addEventListener("wheel", onWheel, { passive: false });
    return () => element.removeEventListener("wheel", onWheel);
  });

  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if (event.target instanceof HTMLInputElement || event.ctrlKey || event.metaKey) return;
      if (event.key === "+" || event.key === "=") setView((current) => zoomAt(current, current.scale * STEP));
      else if (event.key === "-") setView((current) => zoomAt(current, current.scale / STEP));
      else if (event.key === "0") setView({ scale: 1, x: 0, y: 0 });
    };
    window.addEventListener("keydown", onKey);
    return () => window.removeEventListener("keydown", onKey);
  }, []);

  if (!file.web_content_link) return <Unsupported file={file} reason="preview.notReady" />;
  if (failed) return <Unsupported file={file} reason="preview.imageFailed" />;

  const onPointerDown = (event: ReactPointerEvent<HTMLDivElement>) => {
    if (view.scale === 1) return;
    // A zoomed image pans; the dialog's swipe (next/previous) must not see this gesture.
    event.preventDefault();
    event.currentTarget.setPointerCapture(event.pointerId);
    drag.current = { x: event.clientX, y: event.clientY, view };
  };
  const onPointerMove = (event: ReactPointerEvent<HTMLDivElement>) => {
    const start = drag.current;
    if (!start) return;
    setView({
      ...start.view,
      x: start.view.x + event.clientX - start.x,
      y: start.view.y + event.clientY - start.y,
    });
  };
  const onPointerUp = (event: ReactPointerEvent<HTMLDivElement>) => {
    if (drag.current) event.preventDefault();
    drag.current = undefined;
  };
  const zoomBy = (factor: number) => setView((current) => zoomAt(current, current.scale * factor));

  return (
    <div className="preview-image">
      {/* biome-ignore lint/a11y/noStaticElementInteractions: pointer panning and double-click zoom; the toolbar and the + - 0 keys do the same */}
      <div
        ref={stage}
        className="preview-image-stage"
        data-zoomed={view.scale > 1}
        onPointerDown={onPointerDown}
        onPointerMove={onPointerMove}
        onPointerUp={onPointerUp}
        onDoubleClick={(event) => {
          const [px, py] = pointAt(event.clientX, event.clientY);
          setView((current) => (current.scale > 1 ? zoomAt(current, 1) : zoomAt(current, 2, px, py)));
        }}
      >
        {src && (
          <img
            src={src}
            alt={file.name}
            draggable={false}
            onError={() => setFailed(true)}
            style={{ transform: `translate(${view.x}px, ${view.y}px) scale(${view.scale})` }}
          />
        )}
      </div>
      <div className="preview-toolbar" role="toolbar" aria-label={t("preview.zoom")}>
        <button
          type="button"
          className="icon-button"
          aria-label={t("preview.zoomOut")}
          title={t("preview.zoomOut")}
          disabled={view.scale <= MIN_ZOOM}
          onClick={() => zoomBy(1 / STEP)}
        >
          <Icon d={previewIcons.zoomOut} />
        </button>
        <output className="preview-zoom-level" aria-live="polite">
          {Math.round(view.scale * 100)}%
        </output>
        <button
          type="button"
          className="icon-button"
          aria-label={t("preview.zoomIn")}
          title={t("preview.zoomIn")}
          disabled={view.scale >= MAX_ZOOM}
          onClick={() => zoomBy(STEP)}
        >
          <Icon d={previewIcons.zoomIn} />
        </button>
        <button
          type="button"
          className="icon-button"
          aria-label={t("preview.fit")}
          title={t("preview.fit")}
          disabled={view.scale === 1}
          onClick={() => setView({ scale: 1, x: 0, y: 0 })}
        >
          <Icon d={previewIcons.fit} />
        </button>
      </div>
    </div>
  );
}
