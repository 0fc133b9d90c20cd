import type { BatchResult, DriveFile, DriveTask } from "@nimbus/protocol";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { useMemo } from "react";
import { useNavigate } from "react-router";
import type { ApiResult } from "../../api/client.js";
import { dataOrThrow, failureOf } from "../../api/query.js";
import type { ShowToast } from "../../components/toasts.js";
import { useLocale, useT } from "../../i18n/i18n.js";
import { isolated } from "../../lib/bidi.js";
import { notifyDriveChanged } from "../drive-events.js";
import { requestPreview } from "../preview/preview-events.js";
import type { FilesApi } from "./api.js";
import { failureText } from "./failure-text.js";
import { type DriveView, trashFolderPath } from "./list-query.js";
import type { FileList } from "./use-file-list.js";

export function folderPath(parentId: string): string {
  return parentId ? `/drive/all?parent_id=${encodeURIComponent(parentId)}` : "/drive/all";
}

/** Starts a download of a URL the way a link would (signed links need no cookie). */
function startDownload(url: string, name: string) {
  const a = document.createElement("a");
  a.href = url;
  a.download = name;
  a.rel = "noopener";
  document.body.append(a);
  a.click();
  a.remove();
}

async function copyText(text: string): Promise<void> {
  try {
    await navigator.clipboard.writeText(text);
  } catch {
    const area = document.createElement("textarea");
    area.value = text;
    document.body.append(area);
    area.select();
    document.execCommand("copy");
    area.remove();
  }
}

const ids = (files: readonly DriveFile[]) => files.map((f) => f.id);

/**
 * The ids of the copies a copy made, as the server reports them: an inline copy answers
 * every top-level copy in `files`; a copy run as a task lists them in its `file_ids`
 * param once complete. None otherwise (no undo).
 */
export function copiedIds(result: BatchResult, task: DriveTask | undefined): string[] {
  if (!result.task_id) return (result.files ?? []).map((f) => f.id);
  if (task?.phase !== "PHASE_TYPE_COMPLETE") return [];
  return (task.params.file_ids ?? "").split(",").filter(Boolean);
}

/** A batch task not finished yet: the task query asks again (see `waitForTask`). */
class TaskRunning extends Error {}

/** Polls for a task: 200 ms, then 100 ms more each time, at most 2 s apart, 600 times. */
const TASK_POLL = { attempts: 600, delay: (attempt: number) => Math.min(2000, 200 + attempt * 100) };

/** A change to the drive: the call, and the optimistic change to the list it makes first. */
interface Change<T> {
  call(): Promise<ApiResult<T>>;
  optimistic?: (items: DriveFile[]) => DriveFile[];
}

/**
 * What the drive can do to items, each a mutation through the query layer (decision 0062)
 * with an optimistic change to the cached list, an undo where it is cheap, and on failure
 * the list fetched again as the server has it and the failure's text (spec §8 order).
 */
export function useFileActions(api: FilesApi, list: FileList, view: DriveView, toast: ShowToast) {
  const t = useT();
  const locale = useLocale();
  const navigate = useNavigate();
  const client = useQueryClient();
  const change = useMutation({
    mutationFn: ({ call }: Change<unknown>) => dataOrThrow(call()),
    onMutate: ({ optimistic }) => {
      if (optimistic) list.patch(optimistic);
    },
    onError: async (error) => {
      list.refresh();
      toast({ text: await failureText(failureOf(error), locale, t), tone: "error" });
    },
  });
  const { mutateAsync } = change;
  return useMemo(() => {
    const without = (gone: readonly string[]) => {
      const set = new Set(gone);
      return (items: DriveFile[]) => items.filter((item) => !set.has(item.id));
    };
    /** Runs a change; its data, or nothing when it failed (the list is put back and the toast says why). */
    const settle = <T>(call: () => Promise<ApiResult<T>>, optimistic?: Change<T>["optimistic"]) =>
      (mutateAsync({ call, optimistic }) as Promise<T>).catch(() => undefined);
    /** A batch call's task polled to its end: the result, with the finished task when there was one. */
    const waitForTask = async (
      result: BatchResult | undefined,
    ): Promise<{ result: BatchResult; task?: DriveTask } | undefined> => {
      if (!result?.task_id) return result && { result };
      const id = result.task_id;
      const task = await client
        .fetchQuery({
          queryKey: ["drive-task", id],
          queryFn: async () => {
            const answer = await dataOrThrow(api.task(id));
            if (answer.phase !== "PHASE_TYPE_COMPLETE" && answer.phase !== "PHASE_TYPE_ERROR")
              throw new TaskRunning();
            return answer;
          },
          retry: (count, error) => error instanceof TaskRunning && count < TASK_POLL.attempts,
          retryDelay: TASK_POLL.delay,
          staleTime: 0,
        })
        .catch(() => undefined);
      if (task?.phase === "PHASE_TYPE_ERROR") {
        toast({ text: task.message || t("api.unknown"), tone: "error" });
        return undefined;
      }
      return { result, task };
    };
    const currentParent = view.kind === "folder" ? view.parentId : undefined;

    const actions = {
      open(file: DriveFile, siblings: readonly DriveFile[]) {
        if (file.kind === "drive#folder") {
          // A trashed folder opens read-only inside the trash, under the trashed item it was entered from.
          void navigate(
            view.kind === "trash" ? trashFolderPath(file.id, view.rootId ?? file.id) : folderPath(file.id),
          );
          return;
        }
        const files = siblings.filter((f) => f.kind === "drive#file");
        requestPreview(
          file.id,
          files.map((f) => f.id),
          files.map(({ id, name, mime_type }) => ({ id, name, mime_type })),
        );
      },
      async createFolder(name: string, parentId: string): Promise<DriveFile | undefined> {
        const created = await settle(() => api.createFolder(name, parentId));
        if (created?.file) {
          list.refresh();
          toast({ text: t("files.toast.folderCreated", { name: isolated(created.file.name) }) });
        }
        return created?.file ?? undefined;
      },
      /**
       * Renames, asking the server to refuse a name taken in the folder (decision 0038): the
       * answer is then `"clash"` and the list shows the old name again, so the page can ask.
       * `keepBoth` accepts the server's numbered name (`name (1).ext`) instead.
       */
      async rename(file: DriveFile, name: string, keepBoth = false): Promise<"clash" | undefined> {
        if (!name.trim() || name === file.name) return;
        list.patch((items) => items.map((item) => (item.id === file.id ? { ...item, name } : item)));
        const result = await api.rename(file.id, name.trim(), keepBoth ? "rename" : "fail");
        if (!result.ok && result.error.error === "file_name_conflict") {
          list.patch((items) => items.map((item) => (item.id === file.id ? file : item)));
          return "clash";
        }
        const renamed = await settle(() => Promise.resolve(result));
        if (!renamed) return;
        list.patch((items) => items.map((item) => (item.id === file.id ? renamed : item)));
        toast({
          text: t("files.toast.renamed", { name: isolated(renamed.name) }),
          undo: () => void actions.rename(renamed, file.name),
        });
      },
      async trash(files: readonly DriveFile[]) {
        if (!(await settle(() => api.trash(ids(files)), without(ids(files))))) return;
        toast({
          text: t("files.toast.trashed", { count: files.length }),
          undo: async () => {
            if (await settle(() => api.untrash(ids(files)))) list.refresh();
          },
        });
      },
      async restore(files: readonly DriveFile[]): Promise<boolean> {
        if (!(await settle(() => api.untrash(ids(files)), without(ids(files))))) return false;
        for (const parent of new Set(files.map((f) => f.parent_id))) notifyDriveChanged(parent);
        toast({
          text: t("files.toast.restored", { count: files.length }),
          undo: async () => {
            if (await settle(() => api.trash(ids(files)))) list.refresh();
          },
        });
        return true;
      },
      async deleteForever(files: readonly DriveFile[]): Promise<boolean> {
        if (!(await settle(() => api.remove(ids(files)), without(ids(files))))) return false;
        toast({ text: t("files.toast.deleted", { count: files.length }) });
        return true;
      },
      async emptyTrash() {
        if (
          await settle(
            () => api.emptyTrash(),
            () => [],
          )
        )
          toast({ text: t("files.toast.trashEmptied") });
      },
      async star(files: readonly DriveFile[], starred: boolean) {
        const set = new Set(ids(files));
        // The starred view lists only starred items: an unstarred one leaves it.
        const done = await settle(
          () => (starred ? api.star(ids(files)) : api.unstar(ids(files))),
          view.kind === "starred" && !starred
            ? without(ids(files))
            : (items) => items.map((item) => (set.has(item.id) ? { ...item, starred } : item)),
        );
        if (done)
          toast({
            text: t(starred ? "files.toast.starred" : "files.toast.unstarred", { count: files.length }),
          });
      },
      async move(files: readonly DriveFile[], parentId: string, parentName: string) {
        const moving = files.filter((f) => f.parent_id !== parentId && f.id !== parentId);
        if (moving.length === 0) return;
        const result = await settle(
          () => api.move(ids(moving), parentId),
          currentParent !== undefined ? without(ids(moving)) : undefined,
        );
        if (!result) return;
        notifyDriveChanged(parentId);
        toast({
          text: t("files.toast.moved", { count: moving.length, folder: isolated(parentName) }),
          undo: async () => {
            for (const parent of new Set(moving.map((f) => f.parent_id))) {
              const group = moving.filter((f) => f.parent_id === parent);
              await settle(() => api.move(ids(group), parent));
            }
            list.refresh();
          },
        });
      },
      async copy(files: readonly DriveFile[], parentId: string, parentName: string) {
        toast({ text: t("files.toast.copying", { count: files.length }) });
        const done = await waitForTask(await settle(() => api.copy(ids(files), parentId)));
        if (!done) return;
        notifyDriveChanged(parentId);
        const copies = copiedIds(done.result, done.task);
        toast({
          text: t("files.toast.copied", { count: files.length, folder: isolated(parentName) }),
          // The copies were just made: undo deletes exactly them, for good.
          undo: copies.length
            ? async () => {
                if (await settle(() => api.remove(copies), without(copies))) {
                  notifyDriveChanged(parentId);
                  list.refresh();
                }
              }
            : undefined,
        });
      },
      async download(files: readonly DriveFile[]) {
        const [first] = files;
        if (!first) return;
        if (files.length === 1 && first.kind === "drive#file") {
          const fresh = await settle(() => api.get(first.id));
          if (fresh?.web_content_link) startDownload(fresh.web_content_link, fresh.name);
          return;
        }
        const zip = await settle(() => api.zipLink(ids(files).slice(0, 100)));
        if (zip) startDownload(zip.url, zip.name);
      },
      async copyLink(file: DriveFile) {
        const fresh = await settle(() => api.get(file.id));
        if (!fresh?.web_content_link) return;
        await copyText(fresh.web_content_link);
        toast({ text: t("files.toast.linkCopied") });
      },
    };
    return actions;
  }, [api, list, view, toast, t, navigate, client, mutateAsync]);
}

export type FileActions = ReturnType<typeof useFileActions>;
