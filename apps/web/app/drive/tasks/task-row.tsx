import { Icon } from "../../components/icon.js";
import * as icons from "../../components/icons.js";
import { formatBytes } from "../../i18n/format.js";
import { useLocale, useT } from "../../i18n/i18n.js";
import * as uploadIcons from "../upload/upload-icons.js";
import type { OfflineTask } from "./offline-api.js";
import { failureKey, numberParam, phaseName, progressPercent, taskActions } from "./offline-links.js";

export type TaskControl = "PAUSE" | "RESUME" | "RETRY";

/** What a task is called in its row: the file, the task, or the link. */
export function taskName(task: OfflineTask): string {
  return task.file_name || task.name || task.params.url || task.id;
}

/** "12 MB of 40 MB · 2.1 MB/s · 5 peers", what is known of it. */
function details(task: OfflineTask, t: ReturnType<typeof useT>, locale: string): string {
  // 0 is "not known yet" (a magnet before its metadata, a link without a length).
  const total = [numberParam(task, "file_size"), numberParam(task.params, "total_bytes")].find(
    (value) => value !== undefined && value > 0,
  );
  const done = numberParam(task.params, "downloaded_bytes");
  const parts: string[] = [];
  if (total !== undefined && done !== undefined && task.phase !== "PHASE_TYPE_COMPLETE")
    parts.push(t("uploads.progress", { done: formatBytes(done, locale), total: formatBytes(total, locale) }));
  else if (total !== undefined) parts.push(formatBytes(total, locale));
  if (task.phase === "PHASE_TYPE_RUNNING") {
    const speed = numberParam(task.params, "speed");
    if (speed !== undefined)
      parts.push(t("uploads.speed", { speed: formatBytes(Math.round(speed), locale) }));
    const peers = numberParam(task.params, "peers");
    if (peers !== undefined) parts.push(t("tasks.peers", { count: peers }));
  }
  return parts.join(" · ");
}

function RowButton({ icon, label, onClick }: { icon: string; label: string; onClick(): void }) {
  return (
    <button type="button" className="icon-button" aria-label={label} title={label} onClick={onClick}>
      <Icon d={icon} />
    </button>
  );
}

/** One cloud download: icon, name, phase and details, a progress bar, and what can be done with it. */
export function TaskRow({
  task,
  onControl,
  onDelete,
  onOpen,
}: {
  task: OfflineTask;
  onControl(type: TaskControl): void;
  onDelete(): void;
  onOpen(): void;
}) {
  const t = useT();
  const locale = useLocale();
  const name = taskName(task);
  const phase = phaseName(task.phase);
  const percent = progressPercent(task);
  const can = taskActions(task.phase);
  const info = details(task, t, locale);
  return (
    <li className="task-row" data-phase={phase}>
      <span className="task-icon" aria-hidden="true">
        <Icon
          d={
            /^magnet:|^data:application\/x-bittorrent/.test(task.params.url ?? "") ? icons.magnet : icons.link
          }
        />
      </span>
      <div className="task-main">
        <span className="task-name" title={name}>
          <bdi>{name}</bdi>
        </span>
        <span className="task-detail">
          <span className={`task-phase phase-${phase}`}>{t(`tasks.phase.${phase}`)}</span>
          {info && <span>{info}</span>}
        </span>
        {phase === "error" && task.message && (
          <span className="form-message error task-message" role="alert">
            {t(failureKey(task.message))}
          </span>
        )}
        <div
          className="task-bar"
          role="progressbar"
          aria-label={t("tasks.progressOf", { name })}
          aria-valuemin={0}
          aria-valuemax={100}
          aria-valuenow={percent}
          aria-valuetext={`${percent}% · ${t(`tasks.phase.${phase}`)}`}
        >
          <span style={{ width: `${percent}%` }} />
        </div>
      </div>
      <div className="task-actions">
        {can.open && task.file_id && (
          <button type="button" className="button small-button" onClick={onOpen}>
            {t("files.action.open")}
          </button>
        )}
        {can.pause && (
          <RowButton
            icon={uploadIcons.pause}
            label={t("tasks.pause", { name })}
            onClick={() => onControl("PAUSE")}
          />
        )}
        {can.resume && (
          <RowButton
            icon={uploadIcons.resume}
            label={t("tasks.resume", { name })}
            onClick={() => onControl("RESUME")}
          />
        )}
        {can.retry && (
          <RowButton
            icon={uploadIcons.retry}
            label={t("tasks.retry", { name })}
            onClick={() => onControl("RETRY")}
          />
        )}
        <RowButton icon={icons.trash} label={t("tasks.delete", { name })} onClick={onDelete} />
      </div>
    </li>
  );
}
