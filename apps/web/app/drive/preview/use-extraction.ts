import type { DriveFile } from "@nimbus/protocol";
import { nimbusApi } from "@nimbus/protocol";
import { useEffect, useRef, useState } from "react";
import { callEndpoint, errorText } from "../../api/client.js";
import { useLocale, useT } from "../../i18n/i18n.js";
import { notifyDriveChanged } from "../drive-events.js";

const POLL_MS = 1000;

export type ExtractionState =
  | { status: "idle" }
  | { status: "running"; progress: number }
  | { status: "done" }
  | { status: "failed"; message: string };

/**
 * "Extract here": starts the decompress task into the archive's own folder and polls
 * it (`GET /drive/v1/tasks/{id}`) until it ends; then the list is told the folder changed.
 */
export function useExtraction(file: DriveFile) {
  const t = useT();
  const locale = useLocale();
  const [state, setState] = useState<ExtractionState>({ status: "idle" });
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined);
  useEffect(() => () => clearTimeout(timer.current), []);

  const poll = (taskId: string) => {
    timer.current = setTimeout(async () => {
      const answer = await callEndpoint(nimbusApi.drive.getTask, { params: { id: taskId }, locale });
      if (!answer.ok) return setState({ status: "failed", message: errorText(answer.error, t) });
      const task = answer.data;
      if (task.phase === "PHASE_TYPE_COMPLETE") {
        setState({ status: "done" });
        notifyDriveChanged(file.parent_id);
      } else if (task.phase === "PHASE_TYPE_ERROR") {
        setState({ status: "failed", message: task.message || t("api.unknown") });
        notifyDriveChanged(file.parent_id);
      } else {
        setState({ status: "running", progress: task.progress });
        poll(taskId);
      }
    }, POLL_MS);
  };

  const start = async (password?: string) => {
    setState({ status: "running", progress: 0 });
    const answer = await callEndpoint(nimbusApi.decompress.decompress, {
      body: { file_id: file.id, to_parent_id: file.parent_id, ...(password && { password }) },
      locale,
    });
    if (!answer.ok) setState({ status: "failed", message: errorText(answer.error, t) });
    else poll(answer.data.task.id);
  };

  return { state, start };
}
