import { FolderPicker } from "../../components/folder-picker/folder-picker.js";
import { useT } from "../../i18n/i18n.js";
import type { FilesApi } from "./api.js";

/**
 * Chooses a destination folder for move or copy: the shared picker from the root (opened
 * where the items are), then "Move here". Moved folders cannot be entered or chosen.
 */
export function MoveCopyPicker({
  api,
  mode,
  movingIds,
  startId,
  onPick,
  onCancel,
}: {
  api: FilesApi;
  mode: "move" | "copy";
  movingIds: readonly string[];
  startId: string;
  onPick(parentId: string, name: string): void;
  onCancel(): void;
}) {
  const t = useT();
  return (
    <FolderPicker
      title={t(mode === "move" ? "files.picker.moveTitle" : "files.picker.copyTitle", {
        count: movingIds.length,
      })}
      rootName={t("drive.nav.all")}
      confirmLabel={t(mode === "move" ? "files.picker.moveHere" : "files.picker.copyHere")}
      emptyText={t("files.picker.noFolders")}
      blockedIds={movingIds}
      loadInitialPath={
        startId
          ? async (signal) => {
              const result = await api.ancestors(startId, signal);
              return result.ok ? result.data.ancestors.map(({ id, name }) => ({ id, name })) : undefined;
            }
          : undefined
      }
      listFolders={(parentId, signal) =>
        api.list(
          {
            parentId,
            order: "NAME_ASC",
            pinFoldersTop: true,
            limit: 1000,
            filters: { kind: { eq: "drive#folder" } },
          },
          signal,
        )
      }
      onPick={({ id, name }) => onPick(id, name)}
      onCancel={onCancel}
    />
  );
}
