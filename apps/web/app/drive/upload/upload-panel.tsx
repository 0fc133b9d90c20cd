import { useEffect, useRef, useState, useSyncExternalStore } from "react";
import { Icon } from "../../components/icon.js";
import * as icons from "../../components/icons.js";
import { formatBytes } from "../../i18n/format.js";
import { useLocale, useT } from "../../i18n/i18n.js";
import { useDriveSession } from "../../session/session.js";
import * as uploadIcons from "./upload-icons.js";
import "./upload-panel.css";
import { getUploadQueue } from "./page-queue.js";
import { formatDuration, UploadRow } from "./upload-row.js";
import { percent, summarize } from "./upload-summary.js";
import type { UploadItem } from "./upload-types.js";

/** Rows drawn at once: a folder of thousands shows its running and latest rows, not all of them. */
const MAX_ROWS = 200;
const NO_ITEMS: readonly UploadItem[] = [];
const ORDER: Record<UploadItem["status"], number> = {
  "needs-file": 0,
  failed: 1,
  uploading: 2,
  hashing: 3,
  paused: 4,
  queued: 5,
  done: 6,
  instant: 6,
  cancelled: 7,
};

/** After uploads land, the storage shown in the sidebar and the user menu is stale: reload it once they settle. */
function useReloadSessionAfter(finished: number) {
  const { reload } = useDriveSession();
  const seen = useRef(finished);
  useEffect(() => {
    if (finished <= seen.current) return;
    seen.current = finished;
    const timer = setTimeout(reload, 1500);
    return () => clearTimeout(timer);
  }, [finished, reload]);
}

/**
 * The upload panel: overall and per-file progress, speed and time left, and pause,
 * resume, cancel and retry for each file. It floats over the page (a bottom sheet on
 * phones) and can be collapsed; the file list keeps working underneath.
 */
export function UploadPanel() {
  const t = useT();
  const locale = useLocale();
  const queue = getUploadQueue();
  const items = useSyncExternalStore(queue.subscribe, queue.getSnapshot, () => NO_ITEMS);
  const [collapsed, setCollapsed] = useState(false);
  const chooser = useRef<HTMLInputElement>(null);
  const choosing = useRef<string>("");
  const [mismatch, setMismatch] = useState(false);
  const summary = summarize(items);
  useReloadSessionAfter(summary.finished);
  if (items.length === 0) return null;

  const rows = [...items].sort((a, b) => ORDER[a.status] - ORDER[b.status]).slice(0, MAX_ROWS);
  const active = summary.running + summary.paused + summary.needsFile > 0;
  const title =
    summary.running > 0
      ? t("uploads.titleRunning", { done: summary.finished, total: summary.total })
      : summary.needsFile > 0
        ? t("uploads.titleInterrupted")
        : summary.failed > 0
          ? t("uploads.titleFailed", { count: summary.failed })
          : t("uploads.titleDone", { count: summary.finished });
  const overall = [
    t("uploads.progress", {
      done: formatBytes(summary.bytesDone, locale),
      total: formatBytes(summary.bytesTotal, locale),
    }),
  ];
  if (summary.bytesPerSecond > 0) {
    overall.push(t("uploads.speed", { speed: formatBytes(Math.round(summary.bytesPerSecond), locale) }));
  }
  if (summary.secondsLeft !== undefined) {
    overall.push(t("uploads.timeLeft", { time: formatDuration(summary.secondsLeft, locale) }));
  }
  const overallPercent = percent(summary.bytesDone, summary.bytesTotal);
  return (
    <section className="upload-panel" aria-labelledby="upload-panel-title" data-collapsed={collapsed}>
      <header className="upload-panel-head">
        <div className="upload-panel-title">
          <h2 id="upload-panel-title">{title}</h2>
          <p className="muted" aria-live="polite">
            {overall.join(" · ")}
          </p>
        </div>
        <button
          type="button"
          className="icon-button"
          aria-expanded={!collapsed}
          aria-controls="upload-panel-body"
          aria-label={collapsed ? t("uploads.expand") : t("uploads.collapse")}
          title={collapsed ? t("uploads.expand") : t("uploads.collapse")}
          onClick={() => setCollapsed(!collapsed)}
        >
          <Icon d={collapsed ? uploadIcons.collapse : uploadIcons.expand} />
        </button>
        {!active && (
          <button
            type="button"
            className="icon-button"
            aria-label={t("uploads.close")}
            title={t("uploads.close")}
            onClick={() => queue.clearFinished()}
          >
            <Icon d={icons.close} />
          </button>
        )}
      </header>
      <div
        className="upload-bar overall"
        role="progressbar"
        aria-label={t("uploads.overall")}
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={overallPercent}
      >
        <span style={{ width: `${overallPercent}%` }} />
      </div>
      <section
        id="upload-panel-body"
        className="upload-panel-body"
        hidden={collapsed}
        // biome-ignore lint/a11y/noNoninteractiveTabindex: the list scrolls and must be reachable by keyboard
        tabIndex={0}
        aria-label={t("uploads.list")}
      >
        {summary.needsFile > 0 && <p className="upload-note">{t("uploads.interruptedNote")}</p>}
        {mismatch && (
          <p className="upload-note error" role="alert">
            {t("uploads.notSameFile")}
          </p>
        )}
        <ul className="upload-list">
          {rows.map((item) => (
            <UploadRow
              key={item.id}
              item={item}
              onChooseFile={(id) => {
                choosing.current = id;
                setMismatch(false);
                chooser.current?.click();
              }}
            />
          ))}
        </ul>
        {items.length > rows.length && (
          <p className="upload-note muted">{t("uploads.more", { count: items.length - rows.length })}</p>
        )}
      </section>
      <input
        ref={chooser}
        type="file"
        hidden
        tabIndex={-1}
        aria-label={t("uploads.chooseFileLabel")}
        data-upload-input="resume"
        onChange={(event) => {
          const file = event.currentTarget.files?.[0];
          event.currentTarget.value = "";
          if (file) setMismatch(!queue.attach(choosing.current, file));
        }}
      />
    </section>
  );
}
