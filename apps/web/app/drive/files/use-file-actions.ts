import type { BatchResult, DriveFile, DriveTask } from "@nimbus/protocol";
import { useMemo } from "react";
import { useNavigate } from "react-router";
import type { ApiFailure, ApiResult } from "../../api/client.js";
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

/**
 * What the drive can do to items, each with an optimistic change to the list, an
 * undo where it is cheap, and the failure's text (spec §8 order) when it fails.
 */
export function useFileActions(api: FilesApi, list: FileList, view: DriveView, toast: ShowToast) {
  const t = useT();
  const locale = useLocale();
  const navigate = useNavigate();
  return useMemo(() => {
    const fail = async (error: ApiFailure) =>
      toast({ text: await failureText(error, locale, t), tone: "error" });
    const without = (gone: readonly string[]) => {
      const set = new Set(gone);
      list.patch((items) => items.filter((item) => !set.has(item.id)));
    };
    /** Runs a call; on failure puts the list back as the server has it and says why. */
    const settle = async <T>(call: Promise<ApiResult<T>>): Promise<T | undefined> => {
      const result = await call;
      if (result.ok) return result.data;
      list.refresh();
      await fail(result.error);
      return undefined;
    };
    /** A batch call's task polled to its end: the result, with the finished task when there was one. */
    const waitForTask = async (
      result: BatchResult | undefined,
    ): Promise<{ result: BatchResult; task?: DriveTask } | undefined> => {
      if (!result?.task_id) return result && { result };
      for (let attempt = 0; attempt < 600; attempt++) {
        const task = await api.task(result.task_id);
        if (!task.ok) return { result };
        if (task.data.phase === "PHASE_TYPE_COMPLETE") return { result, task: task.data };
        if (task.data.phase === "PHASE_TYPE_ERROR") {
          toast({ text: task.data.message || t("api.unknown"), tone: "error" });
          return undefined;
        }
        await new Promise((resolve) => setTimeout(resolve, Math.min(2000, 200 + attempt * 100)));
      }
      return { result };
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
        const created = await settle(api.createFolder(name, parentId));
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
        const renamed = await settle(Promise.resolve(result));
        if (!renamed) return;
        list.patch((items) => items.map((item) => (item.id === file.id ? renamed : item)));
        toast({
          text: t("files.toast.renamed", { name: isolated(renamed.name) }),
          undo: () => void actions.rename(renamed, file.name),
        });
      },
      async trash(files: readonly DriveFile[]) {
        without(ids(files));
        if (!(await settle(api.trash(ids(files))))) return;
        toast({
          text: t("files.toast.trashed", { count: files.length }),
          undo: async () => {
            if (await settle(api.untrash(ids(files)))) list.refresh();
          },
        });
      },
      async restore(files: readonly DriveFile[]): Promise<boolean> {
        without(ids(files));
        if (!(await settle(api.untrash(ids(files))))) return false;
        for (const parent of new Set(files.map((f) => f.parent_id))) notifyDriveChanged(parent);
        toast({
          text: t("files.toast.restored", { count: files.length }),
          undo: async () => {
            if (await settle(api.trash(ids(files)))) list.refresh();
          },
        });
        return true;
      },
      async deleteForever(files: readonly DriveFile[]): Promise<boolean> {
        without(ids(files));
        if (!(await settle(api.remove(ids(files))))) return false;
        toast({ text: t("files.toast.deleted", { count: files.length }) });
        return true;
      },
      async emptyTrash() {
        list.patch(() => []);
        if (await settle(api.emptyTrash())) toast({ text: t("files.toast.trashEmptied") });
      },
      async star(files: readonly DriveFile[], starred: boolean) {
        const set = new Set(ids(files));
        // The starred view lists only starred items: an unstarred one leaves it.
        if (view.kind === "starred" && !starred) without(ids(files));
        else list.patch((items) => items.map((item) => (set.has(item.id) ? { ...item, starred } : item)));
        const done = await settle(starred ? api.star(ids(files)) : api.unstar(ids(files)));
        if (done)
          toast({
            text: t(starred ? "files.toast.starred" : "files.toast.unstarred", { count: files.length }),
          });
      },
      async move(files: readonly DriveFile[], parentId: string, parentName: string) {
        const moving = files.filter((f) => f.parent_id !== parentId && f.id !== parentId);
        if (moving.length === 0) return;
        if (currentParent !== undefined) without(ids(moving));
        const result = await settle(api.move(ids(moving), parentId));
        if (!result) return;
        notifyDriveChanged(parentId);
        toast({
          text: t("files.toast.moved", { count: moving.length, folder: isolated(parentName) }),
          undo: async () => {
            for (const parent of new Set(moving.map((f) => f.parent_id))) {
              const group = moving.filter((f) => f.parent_id === parent);
              await settle(api.move(ids(group), parent));
            }
            list.refresh();
          },
        });
      },
      async copy(files: readonly DriveFile[], parentId: string, parentName: string) {
        toast({ text: t("files.toast.copying", { count: files.length }) });
        const done = await waitForTask(await settle(api.copy(ids(files), parentId)));
        if (!done) return;
        notifyDriveChanged(parentId);
        const copies = copiedIds(done.result, done.task);
        toast({
          text: t("files.toast.copied", { count: files.length, folder: isolated(parentName) }),
          // The copies were just made: undo deletes exactly them, for good.
          undo: copies.length
            ? async () => {
                without(copies);
                if (await settle(api.remove(copies))) {
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
          const fresh = await settle(api.get(first.id));
          if (fresh?.web_content_link) startDownload(fresh.web_content_link, fresh.name);
          return;
        }
        const zip = await settle(api.zipLink(ids(files).slice(0, 100)));
        if (zip) startDownload(zip.url, zip.name);
      },
      async copyLink(file: DriveFile) {
        const fresh = await settle(api.get(file.id));
        if (!fresh?.web_content_link) return;
        await copyText(fresh.web_content_link);
        toast({ text: t("files.toast.linkCopied") });
      },
    };
    return actions;
  }, [api, list, view, toast, t, locale, navigate]);
}

export type FileActions = ReturnType<typeof useFileActions>;
