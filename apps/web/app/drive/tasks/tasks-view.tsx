import { useState } from "react";
import { useNavigate } from "react-router";
import { errorText } from "../../api/client.js";
import { failureOf } from "../../api/query.js";
import { EmptyState } from "../../components/empty-state.js";
import { Icon } from "../../components/icon.js";
import * as icons from "../../components/icons.js";
import { LoadFailed, LoadingLine } from "../../components/load-state.js";
import { useLocale, useT } from "../../i18n/i18n.js";
import { useFeature } from "../../site/remote-config.js";
import { filesApi } from "../files/api.js";
import { requestPreview } from "../preview/preview-events.js";
import { requestCloudDownload } from "./cloud-download-events.js";
import type { OfflineTask } from "./offline-api.js";
import { TaskDeleteDialog } from "./task-delete-dialog.js";
import { TaskRow } from "./task-row.js";
import { useOfflineTasks } from "./use-offline-tasks.js";
import "./tasks.css";

/**
 * The Tasks view (`/drive/tasks`, the `show_task` action): every cloud download with its
 * phase, progress, size, speed and peers (`useOfflineTasks` keeps it fresh); pause, resume,
 * retry, delete (optionally with the downloaded files), and "Open" on a finished one (the
 * preview for a file, the folder for a torrent).
 */
export function TasksView() {
  const t = useT();
  const cloudDownload = useFeature("cloud_download");
  const locale = useLocale();
  const navigate = useNavigate();
  const { list, control, remove } = useOfflineTasks();
  const [notice, setNotice] = useState("");
  const [deleting, setDeleting] = useState<OfflineTask>();
  const failed = (error: unknown) => setNotice(errorText(failureOf(error), t));

  const open = async (task: OfflineTask) => {
    const answer = await filesApi(locale).get(task.file_id);
    if (!answer.ok) return setNotice(errorText(answer.error, t));
    if (answer.data.kind === "drive#folder")
      void navigate(`/drive/all?${new URLSearchParams({ parent_id: task.file_id })}`);
    else requestPreview(task.file_id);
  };

  const newDownload = cloudDownload && (
    <button type="button" className="button primary" onClick={() => requestCloudDownload()}>
      <Icon d={icons.magnet} />
      {t("drive.all.cloudDownload")}
    </button>
  );

  return (
    <section className="tasks-view" aria-labelledby="tasks-heading">
      <div className="tasks-head">
        <h2 id="tasks-heading">{t("tasks.listTitle")}</h2>
        {newDownload}
      </div>
      {notice && (
        <p className="form-message error" role="alert">
          {notice}
        </p>
      )}
      {list.isPending && <LoadingLine />}
      {list.isError && !list.data && (
        <LoadFailed
          message={errorText(failureOf(list.error), t)}
          error={failureOf(list.error).error}
          retry={() => void list.refetch()}
        />
      )}
      {list.data &&
        (list.data.tasks.length === 0 ? (
          <EmptyState icon={icons.magnet} prefix="tasks.empty">
            {cloudDownload && (
              <button type="button" className="button primary" onClick={() => requestCloudDownload()}>
                {t("drive.all.cloudDownload")}
              </button>
            )}
          </EmptyState>
        ) : (
          <ul className="task-list" aria-label={t("tasks.listTitle")}>
            {list.data.tasks.map((task) => (
              <TaskRow
                key={task.id}
                task={task}
                onControl={(type) => {
                  setNotice("");
                  control.mutate({ task, type }, { onError: failed });
                }}
                onDelete={() => setDeleting(task)}
                onOpen={() => void open(task)}
              />
            ))}
          </ul>
        ))}
      {deleting && (
        <TaskDeleteDialog
          task={deleting}
          onConfirm={(deleteFiles) => {
            setDeleting(undefined);
            setNotice("");
            remove.mutate({ task: deleting, deleteFiles }, { onError: failed });
          }}
          onCancel={() => setDeleting(undefined)}
        />
      )}
    </section>
  );
}
