import { FolderPicker } from "../components/folder-picker/folder-picker.js";
import { useLocale, useT } from "../i18n/i18n.js";
import type { SaveTarget } from "./restore-continuation.js";
import { shareApi } from "./share-api.js";

/**
 * Where in my drive to save: the shared picker walking my folders from My Drive (opened
 * at the folder saved into last), then "Save here". Its own chunk: the share page loads
 * it when a save starts.
 */
export default function SavePicker({
  initial,
  count,
  onChoose,
  onClose,
}: {
  initial: SaveTarget;
  count: number;
  onChoose(target: SaveTarget): void;
  onClose(): void;
}) {
  const t = useT();
  const locale = useLocale();
  return (
    <FolderPicker
      title={t("shares.picker.title", { count })}
      rootName={t("shares.picker.myDrive")}
      confirmLabel={t("shares.picker.saveHere")}
      emptyText={t("shares.picker.empty")}
      initialPath={initial.id ? [initial] : []}
      listFolders={(parentId, signal) => shareApi(locale).folders(parentId, signal)}
      onPick={(here) => onChoose(here.id ? here : { id: "", name: "" })}
      onCancel={onClose}
    />
  );
}
