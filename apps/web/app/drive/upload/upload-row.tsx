import { errorText } from "../../api/client.js";
import { Icon } from "../../components/icon.js";
import * as icons from "../../components/icons.js";
import { formatBytes } from "../../i18n/format.js";
import { type Translate, useLocale, useT } from "../../i18n/i18n.js";
import { getUploadQueue } from "./page-queue.js";
import * as uploadIcons from "./upload-icons.js";
import { percent } from "./upload-summary.js";
import type { UploadItem } from "./upload-types.js";

/** "8 sec", "3 min", "2 hr" in the page's language. */
export function formatDuration(seconds: number, locale: string): string {
  const [value, unit] =
    seconds < 90 ? [seconds, "second"] : seconds < 5400 ? [seconds / 60, "minute"] : [seconds / 3600, "hour"];
  return new Intl.NumberFormat(locale, {
    style: "unit",
    unit,
    unitDisplay: "short",
    maximumFractionDigits: 0,
  }).format(Math.ceil(value));
}

export function detail(item: UploadItem, t: Translate, locale: string): string {
  const size = formatBytes(item.size, locale);
  const sent = formatBytes(item.uploaded, locale);
  switch (item.status) {
    case "queued":
      return t("uploads.status.queued");
    case "hashing":
      return t("uploads.status.hashing", { percent: percent(item.hashed, item.size) });
    case "uploading": {
      if (item.stage !== "send") return t("uploads.status.starting");
      const progress = t("uploads.progress", { done: sent, total: size });
      if (item.bytesPerSecond <= 0) return progress;
      const left = Math.ceil((item.size - item.uploaded) / item.bytesPerSecond);
      return `${progress} · ${t("uploads.speed", { speed: formatBytes(Math.round(item.bytesPerSecond), locale) })} · ${t(
        "uploads.timeLeft",
        { time: formatDuration(left, locale) },
      )}`;
    }
    case "paused":
      return `${t("uploads.status.paused")} · ${t("uploads.progress", { done: sent, total: size })}`;
    case "done":
      return `${t("uploads.status.done")} · ${size}`;
    case "instant":
      return t("uploads.status.instant");
    case "failed":
      return item.failure ? errorText(item.failure, t) : t("api.unknown");
    case "cancelled":
      return t("uploads.status.cancelled");
    case "needs-file":
      return t("uploads.status.needsFile", { done: sent, total: size });
  }
}

export function ActionButton({ icon, label, onClick }: { icon: string; label: string; onClick: () => void }) {
  return (
    <button type="button" className="icon-button" aria-label={label} title={label} onClick={onClick}>
      <Icon d={icon} size={18} />
    </button>
  );
}

export function UploadRow({ item, onChooseFile }: { item: UploadItem; onChooseFile: (id: string) => void }) {
  const t = useT();
  const locale = useLocale();
  const queue = getUploadQueue();
  const name = item.relativePath || item.name;
  const shown =
    item.status === "hashing"
      ? percent(item.hashed, item.size)
      : item.status === "done" || item.status === "instant"
        ? 100
        : percent(item.uploaded, item.size);
  const icon =
    item.status === "instant"
      ? uploadIcons.instant
      : item.status === "done"
        ? uploadIcons.done
        : item.status === "failed" || item.status === "needs-file"
          ? uploadIcons.warning
          : uploadIcons.file;
  return (
    <li className="upload-row" data-status={item.status}>
      <span className="upload-row-icon">
        <Icon d={icon} size={18} />
      </span>
      <div className="upload-row-main">
        <span className="upload-name" title={name}>
          <bdi>{name}</bdi>
        </span>
        <span className="upload-detail" role={item.status === "failed" ? "alert" : undefined}>
          {detail(item, t, locale)}
        </span>
        {item.status !== "cancelled" && (
          <div
            className="upload-bar"
            role="progressbar"
            aria-label={name}
            aria-valuemin={0}
            aria-valuemax={100}
            aria-valuenow={shown}
          >
            <span style={{ width: `${shown}%` }} />
          </div>
        )}
      </div>
      <div className="upload-row-actions">
        {(item.status === "uploading" || item.status === "hashing" || item.status === "queued") && (
          <ActionButton
            icon={uploadIcons.pause}
            label={t("uploads.pause", { name })}
            onClick={() => queue.pause(item.id)}
          />
        )}
        {item.status === "paused" && (
          <ActionButton
            icon={uploadIcons.resume}
            label={t("uploads.resume", { name })}
            onClick={() => queue.resume(item.id)}
          />
        )}
        {item.status === "failed" && (
          <ActionButton
            icon={uploadIcons.retry}
            label={t("uploads.retry", { name })}
            onClick={() => queue.retry(item.id)}
          />
        )}
        {item.status === "needs-file" && (
          <ActionButton
            icon={uploadIcons.file}
            label={t("uploads.chooseFile", { name })}
            onClick={() => onChooseFile(item.id)}
          />
        )}
        {!["done", "instant", "cancelled"].includes(item.status) && (
          <ActionButton
            icon={icons.close}
            label={t("uploads.cancel", { name })}
            onClick={() => queue.cancel(item.id)}
          />
        )}
      </div>
    </li>
  );
}
