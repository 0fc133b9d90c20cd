import { useId, useState } from "react";
import { Link } from "react-router";
import { FolderPicker } from "../../components/folder-picker/folder-picker.js";
import { Icon } from "../../components/icon.js";
import * as icons from "../../components/icons.js";
import { ModalDialog } from "../../components/modal-dialog.js";
import { Spinner } from "../../components/spinner.js";
import { useLocale, useT } from "../../i18n/i18n.js";
import { filesApi } from "../files/api.js";
import { FilePicks } from "./file-picks.js";
import { LinkInput } from "./link-input.js";
import { useCloudDownload } from "./use-cloud-download.js";
import "./tasks.css";

/**
 * The cloud-download dialog: paste links (one per line) or drop/choose `.torrent` files,
 * check magnets and torrents to pick their files, choose the folder (none: "My Downloads"),
 * then one task per link; each link's error shows beside it.
 */
export function CloudDownloadDialog({
  initialUrl = "",
  torrentInDrive,
  onClose,
}: {
  initialUrl?: string;
  torrentInDrive?: { fileId: string; name: string };
  onClose(): void;
}) {
  const t = useT();
  const locale = useLocale();
  const titleId = useId();
  const [picking, setPicking] = useState(false);
  const work = useCloudDownload(initialUrl, torrentInDrive);
  const { step, entries, folder, busy } = work;
  return (
    <>
      <ModalDialog
        open={!picking}
        className="modal-surface drive-dialog cloud-download-dialog"
        labelledBy={titleId}
        onDismiss={onClose}
      >
        <h2 id={titleId}>
          <Icon d={icons.magnet} /> {t("tasks.create.title")}
        </h2>
        {step === "done" ? (
          <>
            <p role="status">{t("tasks.create.done", { count: work.created })}</p>
            <div className="dialog-actions">
              <button type="button" className="button" onClick={onClose}>
                {t("common.close")}
              </button>
              <Link className="button primary" to="/drive/tasks" onClick={onClose}>
                {t("tasks.create.showTasks")}
              </Link>
            </div>
          </>
        ) : (
          <form
            onSubmit={(event) => {
              event.preventDefault();
              void work.submit();
            }}
          >
            {step === "edit" || step === "checking" ? (
              <LinkInput work={work} torrentInDrive={torrentInDrive} />
            ) : (
              <ul className="task-entries">
                {entries.map((entry, index) => (
                  <li key={entry.key}>
                    {entry.checked && entry.checked.files.length > 0 && !entry.result?.ok ? (
                      <FilePicks entry={entry} onChange={(picked) => work.pick(index, picked)} />
                    ) : (
                      <p className="task-entry-label break">
                        <bdi>{entry.checked?.name || entry.label}</bdi>
                      </p>
                    )}
                    {entry.result && (
                      <p
                        className={entry.result.ok ? "form-message success" : "form-message error"}
                        role={entry.result.ok ? undefined : "alert"}
                      >
                        {entry.result.ok ? t("tasks.create.added") : entry.result.message}
                      </p>
                    )}
                  </li>
                ))}
              </ul>
            )}
            <div className="task-folder">
              <span className="muted">{t("tasks.create.saveTo")}</span>
              <strong>
                <bdi>{folder ? folder.name || t("drive.nav.all") : t("tasks.create.myDownloads")}</bdi>
              </strong>
              <button type="button" className="link-button" onClick={() => setPicking(true)} disabled={busy}>
                {t("tasks.create.changeFolder")}
              </button>
            </div>
            {work.message && (
              <p className="form-message error" role="alert">
                {work.message}
              </p>
            )}
            <div className="dialog-actions">
              {step === "pick" && (
                <button type="button" className="button" onClick={work.back}>
                  {t("tasks.create.back")}
                </button>
              )}
              <button type="button" className="button" onClick={onClose}>
                {t("files.cancel")}
              </button>
              <button type="submit" className="button primary" disabled={busy}>
                {busy && <Spinner />}
                {step === "edit" ? t("tasks.create.submit") : t("tasks.create.start")}
              </button>
            </div>
          </form>
        )}
      </ModalDialog>
      {picking && (
        <FolderPicker
          title={t("tasks.create.folderTitle")}
          rootName={t("drive.nav.all")}
          confirmLabel={t("tasks.create.saveHere")}
          emptyText={t("files.picker.noFolders")}
          initialPath={folder?.id ? [folder] : []}
          listFolders={(parentId, signal) =>
            filesApi(locale).list(
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
          onPick={(picked) => {
            work.setFolder(picked);
            setPicking(false);
          }}
          onCancel={() => setPicking(false)}
        />
      )}
    </>
  );
}
