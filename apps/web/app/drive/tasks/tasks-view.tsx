import { useCallback, useEffect, useId, useRef, useState } from "react";
import { useNavigate } from "react-router";
import { errorText } from "../../api/client.js";
import { Modal } from "../../components/dialogs.js";
import { EmptyState } from "../../components/empty-state.js";
import { Icon } from "../../components/icon.js";
import * as icons from "../../components/icons.js";
import { LoadFailed, LoadingLine } from "../../components/load-state.js";
import { formatBytes } from "../../i18n/format.js";
import { useLocale, useT } from "../../i18n/i18n.js";
import { useFeature } from "../../site/remote-config.js";
import { filesApi } from "../files/api.js";
import { requestPreview } from "../preview/preview-events.js";
import * as uploadIcons from "../upload/upload-icons.js";
import { requestCloudDownload } from "./cloud-download-events.js";
import { type OfflineTask, offlineApi } from "./offline-api.js";
import {
  failureKey,
  isActive,
  numberParam,
  phaseName,
  progressPercent,
  taskActions,
} from "./offline-links.js";
import "./tasks.css";

/** How often the list is asked again while a task is pending or running. */
export const POLL_MS = 1500;

type Listing =
  | { status: "loading" }
  | { status: "failed"; message: string; error: string }
  | { status: "ready"; tasks: OfflineTask[]; nextPageToken: string };

function taskName(task: OfflineTask): string {
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

function TaskRow({
  task,
  onControl,
  onDelete,
  onOpen,
}: {
  task: OfflineTask;
  onControl(type: "PAUSE" | "RESUME" | "RETRY"): void;
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

function DeleteDialog({
  task,
  onConfirm,
  onCancel,
}: {
  task: OfflineTask;
  onConfirm(deleteFiles: boolean): void;
  onCancel(): void;
}) {
  const t = useT();
  const checkId = useId();
  const [withFiles, setWithFiles] = useState(false);
  return (
    <Modal title={t("tasks.deleteTitle")} onCancel={onCancel}>
      <p className="muted">{t("tasks.deleteBody", { name: taskName(task) })}</p>
      {task.file_id && (
        <p className="task-check">
          <input
            id={checkId}
            type="checkbox"
            checked={withFiles}
            onChange={(event) => setWithFiles(event.currentTarget.checked)}
          />
          <label htmlFor={checkId}>{t("tasks.deleteFiles")}</label>
        </p>
      )}
      <div className="dialog-actions">
        {/* biome-ignore lint/a11y/noAutofocus: the safe choice takes focus in a dialog about deleting */}
        <button type="button" className="button" onClick={onCancel} autoFocus>
          {t("files.cancel")}
        </button>
        <button type="button" className="button danger" onClick={() => onConfirm(withFiles)}>
          {t("tasks.deleteConfirm")}
        </button>
      </div>
    </Modal>
  );
}

/**
 * The Tasks view (`/drive/tasks`, the `show_task` action): every cloud download with its
 * phase, progress, size, speed and peers, asked again every 1.5 s while one is active and
 * the page is visible; pause, resume, retry, delete (optionally with the downloaded
 * files), and "Open" on a finished one (the preview for a file, the folder for a torrent).
 */
export function TasksView() {
  const t = useT();
  const cloudDownload = useFeature("cloud_download");
  const locale = useLocale();
  const navigate = useNavigate();
  const [listing, setListing] = useState<Listing>({ status: "loading" });
  const [notice, setNotice] = useState("");
  const [deleting, setDeleting] = useState<OfflineTask>();
  const api = useRef(offlineApi(locale));
  api.current = offlineApi(locale);

  const tRef = useRef(t);
  tRef.current = t;

  // Stable: `t` changes identity on every render, and the effects below must not restart with it.
  const load = useCallback(async (signal?: AbortSignal) => {
    const answer = await api.current.list(undefined, signal);
    if (signal?.aborted) return;
    setListing(
      answer.ok
        ? { status: "ready", tasks: answer.data.tasks, nextPageToken: answer.data.next_page_token }
        : { status: "failed", message: errorText(answer.error, tRef.current), error: answer.error.error },
    );
  }, []);

  useEffect(() => {
    const controller = new AbortController();
    void load(controller.signal).catch(() => {});
    return () => controller.abort();
  }, [load]);

  const active = listing.status === "ready" && listing.tasks.some(isActive);
  useEffect(() => {
    if (!active) return;
    const controller = new AbortController();
    const timer = window.setInterval(() => {
      if (document.visibilityState === "visible") void load(controller.signal).catch(() => {});
    }, POLL_MS);
    return () => {
      window.clearInterval(timer);
      controller.abort();
    };
  }, [active, load]);

  const replace = (task: OfflineTask) =>
    setListing((current) =>
      current.status === "ready"
        ? { ...current, tasks: current.tasks.map((old) => (old.id === task.id ? task : old)) }
        : current,
    );

  const control = async (task: OfflineTask, type: "PAUSE" | "RESUME" | "RETRY") => {
    setNotice("");
    const answer = await api.current.control(task.id, type);
    if (answer.ok && answer.data?.task) replace(answer.data.task);
    if (!answer.ok) setNotice(errorText(answer.error, t));
    await load();
  };

  const remove = async (task: OfflineTask, deleteFiles: boolean) => {
    setDeleting(undefined);
    setNotice("");
    const answer = await api.current.remove([task.id], deleteFiles);
    if (!answer.ok) setNotice(errorText(answer.error, t));
    await load();
  };

  const open = async (task: OfflineTask) => {
    const answer = await filesApi(locale).get(task.file_id);
    if (!answer.ok) return setNotice(errorText(answer.error, t));
    if (answer.data.kind === "drive#folder")
      void navigate(`/drive/all?${new URLSearchParams({ parent_id: task.file_id })}`);
    else requestPreview(task.file_id);
  };

  return (
    <section className="tasks-view" aria-labelledby="tasks-heading">
      <div className="tasks-head">
        <h2 id="tasks-heading">{t("tasks.listTitle")}</h2>
        {cloudDownload && (
          <button type="button" className="button primary" onClick={() => requestCloudDownload()}>
            <Icon d={icons.magnet} />
            {t("drive.all.cloudDownload")}
          </button>
        )}
      </div>
      {notice && (
        <p className="form-message error" role="alert">
          {notice}
        </p>
      )}
      {listing.status === "loading" && <LoadingLine />}
      {listing.status === "failed" && (
        <LoadFailed
          message={listing.message}
          error={listing.error}
          retry={() => {
            setListing({ status: "loading" });
            void load();
          }}
        />
      )}
      {listing.status === "ready" &&
        (listing.tasks.length === 0 ? (
          <EmptyState icon={icons.magnet} prefix="tasks.empty">
            {cloudDownload && (
              <button type="button" className="button primary" onClick={() => requestCloudDownload()}>
                {t("drive.all.cloudDownload")}
              </button>
            )}
          </EmptyState>
        ) : (
          <ul className="task-list" aria-label={t("tasks.listTitle")}>
            {listing.tasks.map((task) => (
              <TaskRow
                key={task.id}
                task={task}
                onControl={(type) => void control(task, type)}
                onDelete={() => setDeleting(task)}
                onOpen={() => void open(task)}
              />
            ))}
          </ul>
        ))}
      {deleting && (
        <DeleteDialog
          task={deleting}
          onConfirm={(deleteFiles) => void remove(deleting, deleteFiles)}
          onCancel={() => setDeleting(undefined)}
        />
      )}
    </section>
  );
}
