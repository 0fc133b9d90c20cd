import type { RestoreShareRequest } from "@nimbus/protocol";
import { useCallback, useEffect, useRef, useState } from "react";
import { errorText } from "../api/client.js";
import { useLocale, useT } from "../i18n/i18n.js";
import type { SaveTarget } from "./restore-continuation.js";
import { trackRestore } from "./restore-events.js";
import { rememberSavedFiles } from "./saved-files.js";
import { shareApi } from "./share-api.js";

export type SaveState =
  | { kind: "idle" }
  | { kind: "saving"; progress: number; count: number; target: SaveTarget }
  | { kind: "done"; count: number; target: SaveTarget }
  | { kind: "failed"; message: string };

const POLL_MS = 400;
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * "Save to my drive": `POST /drive/v1/share/restore`, then the `drive#task` polled until
 * it completes (RESTORE_START → RESTORE_COMPLETE), with RESTORE_SAVING and RESTORE_STATUS.
 */
export function useRestore() {
  const locale = useLocale();
  const t = useT();
  const [state, setState] = useState<SaveState>({ kind: "idle" });
  const alive = useRef(true);
  useEffect(() => {
    alive.current = true;
    return () => {
      alive.current = false;
    };
  }, []);

  const save = useCallback(
    async (
      body: RestoreShareRequest & { share_id: string },
      target: SaveTarget,
      { continued = false, count }: { continued?: boolean; count: number },
    ) => {
      const api = shareApi(locale);
      const event = { share_id: body.share_id, file_count: count };
      setState({ kind: "saving", progress: 0, count, target });
      trackRestore("RESTORE_SAVING", { ...event, continued });
      const fail = (name: string, message: string) => {
        trackRestore("RESTORE_STATUS", { ...event, status: name });
        if (alive.current) setState({ kind: "failed", message });
      };
      const started = await api.restore(body);
      if (!started.ok) return fail(started.error.error, errorText(started.error, t));
      let status = started.data.restore_status;
      const taskId = started.data.restore_task_id;
      while (status !== "RESTORE_COMPLETE" && taskId && alive.current) {
        await sleep(POLL_MS);
        const task = await api.task(taskId);
        if (!task.ok) return fail(task.error.error, errorText(task.error, t));
        if (task.data.phase === "PHASE_TYPE_ERROR")
          return fail("task_error", task.data.message || t("api.unknown"));
        if (task.data.phase === "PHASE_TYPE_COMPLETE") status = "RESTORE_COMPLETE";
        else if (alive.current) setState({ kind: "saving", progress: task.data.progress, count, target });
      }
      if (!alive.current) return;
      // A save done before the answer, or one without a task to follow, is complete.
      trackRestore("RESTORE_STATUS", { ...event, status: "RESTORE_COMPLETE" });
      try {
        rememberSavedFiles(localStorage, body.share_id, body.file_ids ?? []);
      } catch {
        // No storage: the saved marks are only a convenience.
      }
      setState({ kind: "done", count, target });
    },
    [locale, t],
  );
  return { state, save, reset: useCallback(() => setState({ kind: "idle" }), []) };
}
