import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { dataOrThrow } from "../../api/query.js";
import { useLocale } from "../../i18n/i18n.js";
import { type OfflineTask, offlineApi } from "./offline-api.js";
import { isActive } from "./offline-links.js";
import type { TaskControl } from "./task-row.js";

/** How often the list is asked again while a task is pending or running (and the page is visible). */
export const POLL_MS = 1500;

/** The query key of the Tasks list; creating a cloud download invalidates it. */
export const OFFLINE_TASKS_KEY = ["offline-tasks"] as const;

/**
 * The cloud-download tasks through the query cache (decision 0062): loaded on every visit,
 * asked again every 1.5 s while one is active and the page is visible; pause, resume, retry
 * and delete update the row from the answer, then reload the list.
 */
export function useOfflineTasks() {
  const locale = useLocale();
  const client = useQueryClient();
  const api = offlineApi(locale);
  const key = [...OFFLINE_TASKS_KEY, locale];
  const reload = () => client.invalidateQueries({ queryKey: OFFLINE_TASKS_KEY });

  const list = useQuery({
    queryKey: key,
    queryFn: ({ signal }) => dataOrThrow(api.list(undefined, signal)),
    refetchOnMount: "always",
    refetchInterval: (query) => (query.state.data?.tasks.some(isActive) ? POLL_MS : false),
    refetchIntervalInBackground: false,
  });

  const control = useMutation({
    mutationFn: ({ task, type }: { task: OfflineTask; type: TaskControl }) =>
      dataOrThrow(api.control(task.id, type)),
    onSuccess: (answer) => {
      const changed = answer?.task;
      if (!changed) return;
      client.setQueryData(
        key,
        (current: typeof list.data) =>
          current && {
            ...current,
            tasks: current.tasks.map((old) => (old.id === changed.id ? changed : old)),
          },
      );
    },
    onSettled: reload,
  });

  const remove = useMutation({
    mutationFn: ({ task, deleteFiles }: { task: OfflineTask; deleteFiles: boolean }) =>
      dataOrThrow(api.remove([task.id], deleteFiles)),
    onSettled: reload,
  });

  return { list, control, remove };
}
