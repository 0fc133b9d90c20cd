import type { DriveFile } from "@nimbus/protocol";
import { Link } from "react-router";
import { fileIcons, itemIcon, itemTone } from "../components/file-icons.js";
import { Icon } from "../components/icon.js";
import { formatBytes, formatDate } from "../i18n/format.js";
import { useLocale, useT } from "../i18n/i18n.js";

export interface ShareFileListProps {
  files: readonly DriveFile[];
  view: "list" | "grid";
  selected: ReadonlySet<string>;
  onToggle(id: string): void;
  onToggleAll(): void;
  /** Where a folder leads (the share page of that folder). */
  folderHref(file: DriveFile): string;
  onOpen(file: DriveFile): void;
  /** Items this browser already saved from the share (`pp_saved_file_ids`). */
  isSaved?(id: string): boolean;
}

function Thumb({ file, size }: { file: DriveFile; size: number }) {
  if (file.thumbnail_link)
    return <img className="share-thumb" src={file.thumbnail_link} alt="" loading="lazy" decoding="async" />;
  return (
    <span className={`share-icon tone-${itemTone(file)}`}>
      <Icon d={itemIcon(file)} size={size} />
    </span>
  );
}

/** The items of a share (or a folder in it) as rows or cards, each with its checkbox. */
export function ShareFileList({
  files,
  view,
  selected,
  onToggle,
  onToggleAll,
  folderHref,
  onOpen,
  isSaved = () => false,
}: ShareFileListProps) {
  const t = useT();
  const locale = useLocale();
  const all = files.length > 0 && files.every((file) => selected.has(file.id));
  return (
    <div className={`share-files share-${view}`}>
      <div className="share-files-head">
        <label className="share-check">
          <input type="checkbox" checked={all} onChange={onToggleAll} disabled={files.length === 0} />
          <span>{t("shares.list.selectAll")}</span>
        </label>
        {view === "list" && (
          <>
            <span className="share-head-size" aria-hidden="true">
              {t("shares.list.size")}
            </span>
            <span className="share-head-modified" aria-hidden="true">
              {t("shares.list.modified")}
            </span>
          </>
        )}
      </div>
      <ul aria-label={t("shares.list.label")}>
        {files.map((file) => {
          const folder = file.kind === "drive#folder";
          const checked = selected.has(file.id);
          const size = folder ? "—" : formatBytes(file.size, locale);
          const name = folder ? (
            <Link className="share-name" to={folderHref(file)} title={file.name}>
              <bdi>{file.name}</bdi>
            </Link>
          ) : (
            <button
              type="button"
              className="share-name link-button"
              title={file.name}
              onClick={() => onOpen(file)}
            >
              <bdi>{file.name}</bdi>
            </button>
          );
          return (
            <li
              key={file.id}
              className={checked ? "share-item selected" : "share-item"}
              data-kind={folder ? "folder" : "file"}
            >
              <input
                type="checkbox"
                className="share-item-check"
                checked={checked}
                onChange={() => onToggle(file.id)}
                aria-label={t("shares.list.select", { name: file.name })}
              />
              <Thumb file={file} size={view === "grid" ? 40 : 22} />
              {isSaved(file.id) ? (
                <span className="share-name-cell">
                  {name}
                  <span className="badge ok">{t("shares.savedBadge")}</span>
                </span>
              ) : (
                name
              )}
              <span className="share-col-size muted">{size}</span>
              <span className="share-col-modified muted">{formatDate(file.modified_time, locale)}</span>
              {folder && view === "list" && (
                <span className="share-chevron">
                  <Icon d={fileIcons.chevronRight} size={18} />
                </span>
              )}
            </li>
          );
        })}
      </ul>
    </div>
  );
}
