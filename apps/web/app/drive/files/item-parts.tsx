import type { DriveFile } from "@nimbus/protocol";
import { type ReactNode, useEffect, useRef } from "react";
import { Link } from "react-router";
import { fileIcons, itemTone } from "../../components/file-icons.js";
import { Icon } from "../../components/icon.js";
import * as icons from "../../components/icons.js";
import { watchedPercent } from "../../components/player/time.js";
import { formatPercent } from "../../i18n/format.js";
import { type Translate, useT } from "../../i18n/i18n.js";
import { nameParts } from "./name-parts.js";
import { folderPath } from "./use-file-actions.js";

// The pieces of a list row or grid card (file-item.tsx puts them together).

interface NameProps {
  file: DriveFile;
  renaming: boolean;
  onRename(file: DriveFile, name: string | null): void;
}

export function RenameInput({ file, onRename }: Omit<NameProps, "renaming">) {
  const t = useT();
  const input = useRef<HTMLInputElement>(null);
  const done = useRef(false);
  useEffect(() => {
    const field = input.current;
    if (!field) return;
    field.focus();
    const dot = file.kind === "drive#file" ? file.name.lastIndexOf(".") : -1;
    field.setSelectionRange(0, dot > 0 ? dot : file.name.length);
  }, [file]);
  const finish = (name: string | null) => {
    if (done.current) return;
    done.current = true;
    onRename(file, name);
  };
  return (
    <input
      ref={input}
      className="rename-input"
      defaultValue={file.name}
      aria-label={t("files.rename.label")}
      onKeyDown={(event) => {
        event.stopPropagation();
        if (event.key === "Enter") finish(event.currentTarget.value);
        if (event.key === "Escape") finish(null);
      }}
      onBlur={(event) => finish(event.currentTarget.value)}
      onPointerDown={(event) => event.stopPropagation()}
      onClick={(event) => event.stopPropagation()}
      onDoubleClick={(event) => event.stopPropagation()}
    />
  );
}

/** Text files' thumbnails are their first lines on a white page (the server's `text` kind). */
const TEXT_THUMBNAIL = /^text\/|^application\/(json|xml|javascript)$/;

/**
 * An item's picture: its type's icon, with the thumbnail drawn over it once loaded (so a
 * row is never blank while thumbnails are pending). A list row keeps the icon alone for
 * text files: their first lines shrunk to 32 px are a white square, in dark mode too.
 * The icon is the span's CSS mask (files.css, `tone-*`), not an inline SVG: a scroll
 * brings a screenful of rows each frame, and an SVG is three more nodes to style, lay
 * out and paint in each (decision 0073). `size` is the icon's: 22 in rows, 44 on cards.
 */
export function Thumb({ file, size, row = false }: { file: DriveFile; size: number; row?: boolean }) {
  const icon = <span className={`file-icon tone-${itemTone(file)}${size > 32 ? " icon-large" : ""}`} />;
  if (!file.thumbnail_link || (row && TEXT_THUMBNAIL.test(file.mime_type ?? ""))) return icon;
  // Keyed by file: a recycled row (view-rows.tsx) must not show the last file's picture
  // while the next one loads.
  const image = (
    <img
      key={file.id}
      className="file-thumb"
      src={file.thumbnail_link}
      alt=""
      loading="lazy"
      decoding="async"
      draggable={false}
    />
  );
  return row ? (
    <span className="thumb-frame">
      {icon}
      {image}
    </span>
  ) : (
    <>
      {icon}
      {image}
    </>
  );
}

/** The selection box (drawn by CSS from `aria-pressed`: files.css). Plain functions, not components: no hooks per row. */
export function checkButton(
  index: number,
  selected: boolean,
  name: string,
  t: Translate,
  onCheck: (index: number) => void,
) {
  return (
    <button
      type="button"
      className="item-check"
      aria-pressed={selected}
      aria-label={t("files.select", { name })}
      tabIndex={-1}
      onClick={(event) => {
        event.stopPropagation();
        onCheck(index);
      }}
      onPointerDown={stopPropagation}
    />
  );
}

/** The ⋮ button (its dots are a CSS mask: files.css). */
export function menuButton(
  index: number,
  name: string,
  t: Translate,
  onMenu: (index: number, anchor: HTMLElement) => void,
) {
  return (
    <button
      type="button"
      className="icon-button item-menu"
      aria-label={t("files.more", { name })}
      aria-haspopup="menu"
      tabIndex={-1}
      onClick={(event) => {
        event.stopPropagation();
        onMenu(index, event.currentTarget);
      }}
      onPointerDown={stopPropagation}
    />
  );
}

function stopPropagation(event: { stopPropagation(): void }) {
  event.stopPropagation();
}

/** The name, truncated in the middle so the extension stays visible (the full name is the title). */
export function NameText({ file }: { file: DriveFile }) {
  const { head, tail } = nameParts(file.name, file.kind === "drive#folder");
  return (
    <bdi className="name-text">
      <span className="name-head">{head}</span>
      {tail && <span className="name-tail">{tail}</span>}
    </bdi>
  );
}

/** Where the item lives: its folder's path, opening the folder. */
export function Location({ file, path, t }: { file: DriveFile; path: string; t: Translate }) {
  return (
    <Link
      className="file-location"
      to={folderPath(file.parent_id)}
      title={path}
      aria-label={t("files.location.open", { path })}
      tabIndex={-1}
      onPointerDown={stopPropagation}
      onClick={stopPropagation}
      onDoubleClick={stopPropagation}
      draggable={false}
    >
      <Icon d={icons.folder} size={12} />
      <bdi>{path}</bdi>
    </Link>
  );
}

/** How much of a video or song the user has played (`playback_position`): a thin bar, as video sites draw it. */
export function WatchedBar({ file, t, locale }: { file: DriveFile; t: Translate; locale: string }) {
  const share = watchedPercent(file.playback_position);
  if (share <= 0) return null;
  const label = t("files.watched", { percent: formatPercent(Math.round(share), locale) });
  return (
    <span
      className="watched-bar"
      role="progressbar"
      aria-valuemin={0}
      aria-valuemax={100}
      aria-valuenow={Math.round(share)}
      aria-label={label}
      title={label}
    >
      <span style={{ width: `${share}%` }} />
    </span>
  );
}

export function Name({ file, renaming, onRename, t }: NameProps & { t: Translate }): ReactNode {
  if (renaming) return <RenameInput file={file} onRename={onRename} />;
  return (
    <span className="file-name" title={file.name}>
      <NameText file={file} />
      {file.starred && (
        <span className="starred" title={t("files.starred")}>
          <Icon d={fileIcons.starFilled} size={14} />
          <span className="visually-hidden">{t("files.starred")}</span>
        </span>
      )}
    </span>
  );
}
