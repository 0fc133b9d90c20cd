import type { DriveFile } from "@nimbus/protocol";
import { ConfirmDialog } from "../../components/dialogs.js";
import { useT } from "../../i18n/i18n.js";
import type { FilesApi } from "./api.js";
import { NameDialog, RenameClashDialog } from "./dialogs.js";
import { MoveCopyPicker } from "./folder-picker.js";
import type { FileActions } from "./use-file-actions.js";

export type DialogState =
  | null
  | { kind: "move" | "copy"; files: DriveFile[] }
  /** `afterDelete`: after the deletion (a trashed folder left once its trash root is gone). */
  | { kind: "delete"; files: DriveFile[]; afterDelete?: () => void }
  | { kind: "empty-trash" }
  | { kind: "new-folder" }
  /** A rename to a name taken in the folder: keep both, choose another name, or cancel. */
  | { kind: "rename-clash"; file: DriveFile; name: string };

/** The browser's modal dialogs: folder picker, confirmations, new folder. */
export function BrowserDialogs({
  dialog,
  close,
  api,
  actions,
  parentId,
  folderName,
  onCreated,
  onRenameAgain,
}: {
  dialog: DialogState;
  close(): void;
  api: FilesApi;
  actions: FileActions;
  parentId: string;
  folderName(id: string): string;
  onCreated(file: DriveFile): void;
  /** Opens the name field of `file` again (the clash dialog's "Choose another name"). */
  onRenameAgain(file: DriveFile): void;
}) {
  const t = useT();
  if (!dialog) return null;
  switch (dialog.kind) {
    case "move":
    case "copy":
      return (
        <MoveCopyPicker
          api={api}
          mode={dialog.kind}
          movingIds={dialog.kind === "move" ? dialog.files.map((f) => f.id) : []}
          startId={dialog.files[0]?.parent_id ?? parentId}
          onCancel={close}
          onPick={(target, name) => {
            close();
            const label = name || folderName(target);
            if (dialog.kind === "move") void actions.move(dialog.files, target, label);
            else void actions.copy(dialog.files, target, label);
          }}
        />
      );
    case "delete":
      return (
        <ConfirmDialog
          title={t("files.confirm.deleteTitle", { count: dialog.files.length })}
          body={t("files.confirm.deleteBody")}
          confirm={t("files.action.deleteForever")}
          onCancel={close}
          onConfirm={async () => {
            close();
            if (await actions.deleteForever(dialog.files)) dialog.afterDelete?.();
          }}
        />
      );
    case "rename-clash":
      return (
        <RenameClashDialog
          name={dialog.name}
          onCancel={close}
          onRenameAgain={() => {
            close();
            onRenameAgain(dialog.file);
          }}
          onKeepBoth={() => {
            close();
            void actions.rename(dialog.file, dialog.name, true);
          }}
        />
      );
    case "empty-trash":
      return (
        <ConfirmDialog
          title={t("files.confirm.emptyTitle")}
          body={t("files.confirm.emptyBody")}
          confirm={t("files.action.emptyTrash")}
          onCancel={close}
          onConfirm={() => {
            close();
            void actions.emptyTrash();
          }}
        />
      );
    case "new-folder":
      return (
        <NameDialog
          title={t("files.newFolder.title")}
          label={t("files.newFolder.label")}
          initial={t("files.newFolder.default")}
          submit={t("files.newFolder.create")}
          onCancel={close}
          onSubmit={(name) => {
            // Offline the dialog stays open with the name typed (decision 0059): create it again once back.
            if (!navigator.onLine) return t("offline.action");
            close();
            void actions.createFolder(name, parentId).then((file) => file && onCreated(file));
          }}
        />
      );
  }
}
