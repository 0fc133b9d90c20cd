import { type DragEvent, useId, useRef, useState } from "react";
import { Link } from "react-router";
import { errorText } from "../../api/client.js";
import { FolderPicker, type PickedFolder } from "../../components/folder-picker/folder-picker.js";
import { Icon } from "../../components/icon.js";
import * as icons from "../../components/icons.js";
import { ModalDialog } from "../../components/modal-dialog.js";
import { Spinner } from "../../components/spinner.js";
import { formatBytes } from "../../i18n/format.js";
import { useLocale, useT } from "../../i18n/i18n.js";
import { filesApi } from "../files/api.js";
import { CHECK_BATCH, type CheckedResource, type CreateTaskSource, offlineApi } from "./offline-api.js";
import {
  chunks,
  hasFileList,
  isTorrentFile,
  MAX_LINKS,
  pickedFiles,
  splitLinks,
  torrentDataUrl,
} from "./offline-links.js";
import "./tasks.css";

/** One link of the dialog: what it is, what the checker said, which files are kept, how creating went. */
interface Entry {
  key: string;
  /** What the user sees: the link, or the torrent's file name. */
  label: string;
  source: CreateTaskSource;
  checked?: CheckedResource;
  picked?: Set<string>;
  result?: { ok: true } | { ok: false; message: string };
}

type Step = "edit" | "checking" | "pick" | "creating" | "done";

/** The files of one magnet or torrent, with checkboxes and select all / none. */
function FilePicks({ entry, onChange }: { entry: Entry; onChange(picked: Set<string>): void }) {
  const t = useT();
  const locale = useLocale();
  const files = entry.checked?.files ?? [];
  const picked = entry.picked ?? new Set<string>();
  const groupId = useId();
  if (files.length === 0) return null;
  return (
    <fieldset className="task-files" aria-describedby={`${groupId}-count`}>
      <legend>
        <bdi>{entry.checked?.name || entry.label}</bdi>
      </legend>
      <div className="task-files-tools">
        <span id={`${groupId}-count`} className="muted">
          {t("tasks.files.count", { picked: picked.size, total: files.length })}
        </span>
        <button
          type="button"
          className="link-button"
          onClick={() => onChange(new Set(files.map((f) => f.index)))}
        >
          {t("tasks.files.all")}
        </button>
        <button type="button" className="link-button" onClick={() => onChange(new Set())}>
          {t("tasks.files.none")}
        </button>
      </div>
      <ul className="task-file-list">
        {files.map((file) => (
          <li key={file.index}>
            <label>
              <input
                type="checkbox"
                checked={picked.has(file.index)}
                onChange={(event) => {
                  const next = new Set(picked);
                  if (event.currentTarget.checked) next.add(file.index);
                  else next.delete(file.index);
                  onChange(next);
                }}
              />
              <span className="task-file-path">
                <bdi>{file.path}</bdi>
              </span>
              {file.size !== undefined && (
                <span className="muted">{formatBytes(Number(file.size), locale)}</span>
              )}
            </label>
          </li>
        ))}
      </ul>
    </fieldset>
  );
}

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
  const api = offlineApi(locale);
  const titleId = useId();
  const textId = useId();
  const hintId = useId();
  const [text, setText] = useState(initialUrl);
  const [torrents, setTorrents] = useState<{ id: number; name: string; url: string }[]>([]);
  const nextTorrent = useRef(0);
  const [entries, setEntries] = useState<Entry[]>([]);
  const [step, setStep] = useState<Step>("edit");
  const [folder, setFolder] = useState<PickedFolder | undefined>();
  const [picking, setPicking] = useState(false);
  const [message, setMessage] = useState("");
  const [dragging, setDragging] = useState(false);
  const fileInput = useRef<HTMLInputElement>(null);

  const addTorrents = async (files: readonly File[]) => {
    const wanted = files.filter(isTorrentFile);
    if (wanted.length < files.length) setMessage(t("tasks.create.notTorrent"));
    const added = await Promise.all(
      wanted.map(async (file) => ({
        id: nextTorrent.current++,
        name: file.name,
        url: await torrentDataUrl(file),
      })),
    );
    if (added.length) {
      setTorrents((current) => [...current, ...added]);
      setStep("edit");
    }
  };

  const buildEntries = (): Entry[] => [
    ...(torrentInDrive
      ? [
          {
            key: `file:${torrentInDrive.fileId}`,
            label: torrentInDrive.name,
            source: { file_id: torrentInDrive.fileId },
          },
        ]
      : []),
    ...torrents.map((torrent) => ({
      key: `torrent:${torrent.id}`,
      label: torrent.name,
      source: { url: torrent.url },
    })),
    ...splitLinks(text).map((link) => ({ key: `link:${link}`, label: link, source: { url: link } })),
  ];

  const create = async (list: Entry[]) => {
    setStep("creating");
    const results: Entry[] = [];
    for (const entry of list) {
      if (entry.result?.ok) {
        results.push(entry);
        continue;
      }
      const files = entry.checked ? pickedFiles(entry.checked.files, entry.picked ?? new Set()) : undefined;
      if (files && files.length === 0) {
        results.push({ ...entry, result: { ok: false, message: t("tasks.files.noneChosen") } });
        continue;
      }
      const answer = await api.create({ ...entry.source, ...(files ? { files } : {}) }, folder?.id);
      results.push({
        ...entry,
        result: answer.ok ? { ok: true } : { ok: false, message: errorText(answer.error, t) },
      });
      setEntries([...results, ...list.slice(results.length)]);
    }
    setEntries(results);
    setStep(results.every((entry) => entry.result?.ok) ? "done" : "pick");
  };

  const submit = async () => {
    setMessage("");
    if (step === "pick") return create(entries);
    const list = buildEntries();
    if (list.length === 0) return setMessage(t("tasks.create.empty"));
    if (list.length > MAX_LINKS) return setMessage(t("tasks.create.tooMany", { max: MAX_LINKS }));
    const toCheck = list.filter((entry) => entry.source.url && hasFileList(entry.source.url));
    if (toCheck.length === 0) return create(list);
    setEntries(list);
    setStep("checking");
    const resources: CheckedResource[] = [];
    let failure = "";
    for (const batch of chunks(toCheck, CHECK_BATCH)) {
      const answer = await api.check(batch.map((entry) => entry.source.url as string));
      if (answer.ok) resources.push(...answer.data.resources);
      else failure = errorText(answer.error, t);
    }
    const checked = list.map((entry): Entry => {
      const resource = resources.find((r) => r.url === entry.source.url);
      if (!resource) return entry;
      if (resource.status === "error")
        return {
          ...entry,
          result: { ok: false, message: resource.error?.error_description || t("api.unknown") },
        };
      return { ...entry, checked: resource, picked: new Set(resource.files.map((file) => file.index)) };
    });
    // A checker that fails leaves the server to keep every file of that link.
    if (failure) setMessage(failure);
    setEntries(checked);
    setStep("pick");
  };

  const onDrop = (event: DragEvent<HTMLElement>) => {
    event.preventDefault();
    setDragging(false);
    void addTorrents([...event.dataTransfer.files]);
  };

  const busy = step === "checking" || step === "creating";
  const created = entries.filter((entry) => entry.result?.ok).length;
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
            <p role="status">{t("tasks.create.done", { count: created })}</p>
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
              void submit();
            }}
          >
            {step === "edit" || step === "checking" ? (
              <>
                {torrentInDrive && (
                  <p className="task-source">
                    <Icon d={icons.magnet} /> <bdi>{torrentInDrive.name}</bdi>
                  </p>
                )}
                <label htmlFor={textId}>{t("tasks.create.label")}</label>
                <textarea
                  id={textId}
                  className={dragging ? "task-links drop-target" : "task-links"}
                  rows={5}
                  value={text}
                  onChange={(event) => setText(event.currentTarget.value)}
                  placeholder={t("tasks.create.placeholder")}
                  aria-describedby={hintId}
                  spellCheck={false}
                  autoComplete="off"
                  disabled={busy}
                  onDragOver={(event) => {
                    if (!event.dataTransfer.types.includes("Files")) return;
                    event.preventDefault();
                    setDragging(true);
                  }}
                  onDragLeave={() => setDragging(false)}
                  onDrop={onDrop}
                />
                <p id={hintId} className="muted small">
                  {t("tasks.create.hint")}
                </p>
                <div className="task-torrents">
                  <button
                    type="button"
                    className="button"
                    onClick={() => fileInput.current?.click()}
                    disabled={busy}
                  >
                    <Icon d={icons.upload} />
                    {t("tasks.create.chooseTorrent")}
                  </button>
                  <input
                    ref={fileInput}
                    type="file"
                    accept=".torrent,application/x-bittorrent"
                    multiple
                    hidden
                    tabIndex={-1}
                    aria-label={t("tasks.create.chooseTorrent")}
                    onChange={(event) => {
                      const files = [...(event.currentTarget.files ?? [])];
                      event.currentTarget.value = "";
                      void addTorrents(files);
                    }}
                  />
                  {torrents.length > 0 && (
                    <ul className="task-torrent-list">
                      {torrents.map((torrent) => (
                        <li key={torrent.id}>
                          <bdi>{torrent.name}</bdi>
                          <button
                            type="button"
                            className="link-button"
                            aria-label={t("tasks.create.removeTorrent", { name: torrent.name })}
                            onClick={() =>
                              setTorrents((current) => current.filter((other) => other.id !== torrent.id))
                            }
                          >
                            {t("tasks.create.remove")}
                          </button>
                        </li>
                      ))}
                    </ul>
                  )}
                </div>
              </>
            ) : (
              <ul className="task-entries">
                {entries.map((entry, index) => (
                  <li key={entry.key}>
                    {entry.checked && entry.checked.files.length > 0 && !entry.result?.ok ? (
                      <FilePicks
                        entry={entry}
                        onChange={(picked) =>
                          setEntries((current) => current.map((e, j) => (j === index ? { ...e, picked } : e)))
                        }
                      />
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
            {message && (
              <p className="form-message error" role="alert">
                {message}
              </p>
            )}
            <div className="dialog-actions">
              {step === "pick" && (
                <button type="button" className="button" onClick={() => setStep("edit")}>
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
            setFolder(picked);
            setPicking(false);
          }}
          onCancel={() => setPicking(false)}
        />
      )}
    </>
  );
}
