import type { DriveFile } from "@nimbus/protocol";
import { useEffect, useState } from "react";
import { errorText } from "../../api/client.js";
import { Icon } from "../../components/icon.js";
import * as icons from "../../components/icons.js";
import { useT } from "../../i18n/i18n.js";
import type { FilesApi } from "./api.js";
import { Modal } from "./dialogs.js";
import { fileIcons } from "./file-icons.js";

interface Crumb {
  id: string;
  name: string;
}

/**
 * Chooses a destination folder for move or copy: browse folders from the root,
 * then "Move here". The moved folders themselves cannot be entered or chosen.
 */
export function FolderPicker({
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
  const root: Crumb = { id: "", name: t("drive.nav.all") };
  const [path, setPath] = useState<Crumb[]>([root]);
  const [folders, setFolders] = useState<DriveFile[] | null>(null);
  const [error, setError] = useState("");
  const current = path[path.length - 1] ?? root;

  // biome-ignore lint/correctness/useExhaustiveDependencies: once, from where the items are
  useEffect(() => {
    if (!startId) return;
    api.ancestors(startId).then((result) => {
      if (result.ok) setPath([root, ...result.data.ancestors.map(({ id, name }) => ({ id, name }))]);
    });
  }, []);

  // biome-ignore lint/correctness/useExhaustiveDependencies: api and t are stable enough per page
  useEffect(() => {
    const controller = new AbortController();
    setFolders(null);
    setError("");
    api
      .list(
        {
          parentId: current.id,
          order: "NAME_ASC",
          pinFoldersTop: true,
          limit: 1000,
          filters: { kind: { eq: "drive#folder" } },
        },
        controller.signal,
      )
      .then(
        (result) => (result.ok ? setFolders(result.data.files) : setError(errorText(result.error, t))),
        () => {},
      );
    return () => controller.abort();
  }, [current.id]);

  const blocked = new Set(movingIds);
  const title = t(mode === "move" ? "files.picker.moveTitle" : "files.picker.copyTitle", {
    count: movingIds.length,
  });
  return (
    <Modal title={title} onCancel={onCancel} className="folder-picker">
      <nav aria-label={t("files.breadcrumbs")} className="picker-path">
        {path.map((crumb, i) => (
          <span key={crumb.id || "root"}>
            {i > 0 && <Icon d={fileIcons.chevronRight} size={14} />}
            <button type="button" className="link-button" onClick={() => setPath(path.slice(0, i + 1))}>
              {crumb.name}
            </button>
          </span>
        ))}
      </nav>
      <ul className="picker-list" aria-busy={folders === null}>
        {error && <li className="form-message error">{error}</li>}
        {folders?.length === 0 && <li className="muted picker-empty">{t("files.picker.noFolders")}</li>}
        {folders?.map((folder) => (
          <li key={folder.id}>
            <button
              type="button"
              disabled={blocked.has(folder.id)}
              onClick={() => setPath([...path, { id: folder.id, name: folder.name }])}
            >
              <Icon d={icons.folder} />
              <span>{folder.name}</span>
              <Icon d={fileIcons.chevronRight} size={16} />
            </button>
          </li>
        ))}
      </ul>
      <div className="dialog-actions">
        <button type="button" className="button" onClick={onCancel}>
          {t("files.cancel")}
        </button>
        <button
          type="button"
          className="button primary"
          disabled={blocked.has(current.id)}
          onClick={() => onPick(current.id, current.name)}
        >
          {t(mode === "move" ? "files.picker.moveHere" : "files.picker.copyHere")}
        </button>
      </div>
    </Modal>
  );
}
