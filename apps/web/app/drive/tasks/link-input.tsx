import { type DragEvent, useId, useRef, useState } from "react";
import { Icon } from "../../components/icon.js";
import * as icons from "../../components/icons.js";
import { useT } from "../../i18n/i18n.js";
import type { CloudDownload } from "./use-cloud-download.js";

/** The first step: links, one per line (or dropped `.torrent` files), and torrents chosen from the computer. */
export function LinkInput({
  work,
  torrentInDrive,
}: {
  work: CloudDownload;
  torrentInDrive?: { fileId: string; name: string } | undefined;
}) {
  const t = useT();
  const textId = useId();
  const hintId = useId();
  const [dragging, setDragging] = useState(false);
  const fileInput = useRef<HTMLInputElement>(null);
  const onDrop = (event: DragEvent<HTMLElement>) => {
    event.preventDefault();
    setDragging(false);
    void work.addTorrents([...event.dataTransfer.files]);
  };
  return (
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
        value={work.text}
        onChange={(event) => work.setText(event.currentTarget.value)}
        placeholder={t("tasks.create.placeholder")}
        aria-describedby={hintId}
        spellCheck={false}
        autoComplete="off"
        disabled={work.busy}
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
          disabled={work.busy}
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
            void work.addTorrents(files);
          }}
        />
        {work.torrents.length > 0 && (
          <ul className="task-torrent-list">
            {work.torrents.map((torrent) => (
              <li key={torrent.id}>
                <bdi>{torrent.name}</bdi>
                <button
                  type="button"
                  className="link-button"
                  aria-label={t("tasks.create.removeTorrent", { name: torrent.name })}
                  onClick={() => work.removeTorrent(torrent.id)}
                >
                  {t("tasks.create.remove")}
                </button>
              </li>
            ))}
          </ul>
        )}
      </div>
    </>
  );
}
