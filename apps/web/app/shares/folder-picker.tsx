import type { DriveFile } from "@nimbus/protocol";
import { useEffect, useState } from "react";
import { errorText } from "../api/client.js";
import { Icon } from "../components/icon.js";
import * as icons from "../components/icons.js";
import { Spinner } from "../components/spinner.js";
import { useLocale, useT } from "../i18n/i18n.js";
import { Modal } from "./modal.js";
import type { SaveTarget } from "./restore-continuation.js";
import { shareApi } from "./share-api.js";

type Folders =
  | { kind: "loading" }
  | { kind: "ready"; folders: DriveFile[] }
  | { kind: "failed"; message: string };

/** Where in my drive to save: walk my folders from My Drive, then "Save here". */
export function FolderPicker({
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
  const root: SaveTarget = { id: "", name: t("shares.picker.myDrive") };
  const [path, setPath] = useState<SaveTarget[]>(() => (initial.id ? [root, initial] : [root]));
  const [folders, setFolders] = useState<Folders>({ kind: "loading" });
  const here = path[path.length - 1] ?? root;

  // biome-ignore lint/correctness/useExhaustiveDependencies: t follows locale
  useEffect(() => {
    const controller = new AbortController();
    setFolders({ kind: "loading" });
    shareApi(locale)
      .folders(here.id, controller.signal)
      .then(
        (result) =>
          setFolders(
            result.ok
              ? { kind: "ready", folders: result.data.files }
              : { kind: "failed", message: errorText(result.error, t) },
          ),
        () => {},
      );
    return () => controller.abort();
  }, [here.id, locale]);

  return (
    <Modal title={t("shares.picker.title", { count })} className="folder-picker" onClose={onClose}>
      <nav className="breadcrumb" aria-label={t("shares.picker.path")}>
        {path.map((step, index) =>
          index === path.length - 1 ? (
            <span key={step.id || "root"} aria-current="location">
              {step.name}
            </span>
          ) : (
            <span key={step.id || "root"}>
              <button type="button" className="link-button" onClick={() => setPath(path.slice(0, index + 1))}>
                {step.name}
              </button>{" "}
              <span aria-hidden="true">/</span>
            </span>
          ),
        )}
      </nav>
      <div className="picker-folders">
        {folders.kind === "loading" && (
          <p className="loading-line" role="status">
            <Spinner /> {t("common.loading")}
          </p>
        )}
        {folders.kind === "failed" && (
          <p className="form-message error" role="alert">
            {folders.message}
          </p>
        )}
        {folders.kind === "ready" && folders.folders.length === 0 && (
          <p className="muted">{t("shares.picker.empty")}</p>
        )}
        {folders.kind === "ready" && folders.folders.length > 0 && (
          <ul>
            {folders.folders.map((folder) => (
              <li key={folder.id}>
                <button
                  type="button"
                  className="picker-folder"
                  onClick={() => setPath([...path, { id: folder.id, name: folder.name }])}
                >
                  <Icon d={icons.folder} />
                  <span>{folder.name}</span>
                </button>
              </li>
            ))}
          </ul>
        )}
      </div>
      <div className="actions share-modal-actions">
        <button type="button" className="button" onClick={onClose}>
          {t("shares.cancel")}
        </button>
        <button
          type="button"
          className="button primary"
          onClick={() => onChoose(here.id ? here : { id: "", name: "" })}
        >
          {t("shares.picker.saveHere")}
        </button>
      </div>
    </Modal>
  );
}
