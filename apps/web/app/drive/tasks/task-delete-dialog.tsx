import { useId, useState } from "react";
import { Modal } from "../../components/dialogs.js";
import { useT } from "../../i18n/i18n.js";
import type { OfflineTask } from "./offline-api.js";
import { taskName } from "./task-row.js";

/** Deleting a task asks first; a finished one can take its downloaded files along. */
export function TaskDeleteDialog({
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
