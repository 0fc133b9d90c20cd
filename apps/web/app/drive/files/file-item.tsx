import type { DriveFile } from "@nimbus/protocol";
import { type CSSProperties, memo, type ReactNode, useEffect, useRef } from "react";
import { Link } from "react-router";
import { fileIcons, itemIcon, itemTone } from "../../components/file-icons.js";
import { Icon } from "../../components/icon.js";
import * as icons from "../../components/icons.js";
import { watchedPercent } from "../../components/player/time.js";
import { formatBytes, formatPercent } from "../../i18n/format.js";
import { useLocale, useT } from "../../i18n/i18n.js";
import type { LayoutView } from "./geometry.js";
import { nameParts } from "./name-parts.js";
import { folderPath } from "./use-file-actions.js";

export interface ItemProps {
  file: DriveFile;
  index: number;
  selected: boolean;
  focused: boolean;
  renaming: boolean;
  dropTarget: boolean;
  view: LayoutView;
  style: CSSProperties;
  rowId: string;
  /** The path of the item's folder, shown as a link to it (search, starred). */
  location?: string | undefined;
  onRename(file: DriveFile, name: string | null): void;
  /** The ⋮ button: its menu, placed at the button. */
  onMenu(index: number, anchor: HTMLElement): void;
  onCheck(index: number): void;
}

const dateFormats = new Map<string, Intl.DateTimeFormat>();
/** Modified time in the page's language: date and time, or the date alone (cards). */
export function formatModified(iso: string, locale: string, dateOnly = false): string {
  const key = `${locale}|${dateOnly}`;
  let format = dateFormats.get(key);
  if (!format) {
    format = new Intl.DateTimeFormat(
      locale,
      dateOnly ? { dateStyle: "medium" } : { dateStyle: "medium", timeStyle: "short" },
    );
    dateFormats.set(key, format);
  }
  return format.format(new Date(iso));
}

function RenameInput({ file, onRename }: Pick<ItemProps, "file" | "onRename">) {
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
 */
export function Thumb({ file, size, row = false }: { file: DriveFile; size: number; row?: boolean }) {
  const icon = (
    <span className={`file-icon tone-${itemTone(file)}`}>
      <Icon d={itemIcon(file)} size={size} />
    </span>
  );
  if (!file.thumbnail_link || (row && TEXT_THUMBNAIL.test(file.mime_type ?? ""))) return icon;
  const image = (
    <img
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

function Check({
  index,
  selected,
  name,
  onCheck,
}: {
  index: number;
  selected: boolean;
  name: string;
  onCheck(index: number): void;
}) {
  const t = useT();
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
      onPointerDown={(event) => event.stopPropagation()}
    >
      <Icon d={selected ? fileIcons.selectAll : fileIcons.checkbox} size={18} />
    </button>
  );
}

function MenuButton({ index, name, onMenu }: { index: number; name: string; onMenu: ItemProps["onMenu"] }) {
  const t = useT();
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
      onPointerDown={(event) => event.stopPropagation()}
    >
      <Icon d={fileIcons.more} />
    </button>
  );
}

/** The name, truncated in the middle so the extension stays visible (the full name is the title). */
function NameText({ file }: { file: DriveFile }) {
  const { head, tail } = nameParts(file.name, file.kind === "drive#folder");
  return (
    <bdi className="name-text">
      <span className="name-head">{head}</span>
      {tail && <span className="name-tail">{tail}</span>}
    </bdi>
  );
}

const DAY_MS = 86_400_000;

/**
 * Days before a trashed item is deleted for good, counted up (an item trashed just now
 * has the whole 30 days the trash promises, not 29); 0 within its last day.
 */
export function daysLeft(deleteTime: string, now: number): number {
  const left = Date.parse(deleteTime) - now;
  return left < DAY_MS ? 0 : Math.ceil(left / DAY_MS);
}

/** A trashed item's "Deleted …" date and the days left before the expiry deletes it. */
function trashFacts(file: DriveFile, locale: string, t: ReturnType<typeof useT>, dateOnly: boolean) {
  if (!file.trashed_time) return undefined;
  const deleted = formatModified(file.trashed_time, locale, dateOnly);
  const deletedDay = formatModified(file.trashed_time, locale, true);
  if (!file.delete_time) return { deleted, deletedDay, left: "" };
  const days = daysLeft(file.delete_time, Date.now());
  return {
    deleted,
    deletedDay,
    left: days > 0 ? t("files.trash.daysLeft", { count: days }) : t("files.trash.lastDay"),
  };
}

/** Where the item lives: its folder's path, opening the folder. */
function Location({ file, path }: { file: DriveFile; path: string }) {
  const t = useT();
  const stop = (event: { stopPropagation(): void }) => event.stopPropagation();
  return (
    <Link
      className="file-location"
      to={folderPath(file.parent_id)}
      title={path}
      aria-label={t("files.location.open", { path })}
      tabIndex={-1}
      onPointerDown={stop}
      onClick={stop}
      onDoubleClick={stop}
      draggable={false}
    >
      <Icon d={icons.folder} size={12} />
      <bdi>{path}</bdi>
    </Link>
  );
}

/** How much of a video or song the user has played (`playback_position`): a thin bar, as video sites draw it. */
function WatchedBar({ file }: { file: DriveFile }) {
  const t = useT();
  const locale = useLocale();
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

function Name({ file, renaming, onRename }: Pick<ItemProps, "file" | "renaming" | "onRename">): ReactNode {
  const t = useT();
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

/**
 * Whether an item would render the same: every prop the same, `style` by its values (the view
 * builds a new one per item on each render). Scrolling and the first measure after hydration
 * re-render the view; the items already in place then stay as they are.
 */
export function sameItemProps(a: ItemProps, b: ItemProps): boolean {
  const keys = Object.keys(a) as Array<keyof ItemProps>;
  if (keys.length !== Object.keys(b).length) return false;
  return keys.every((key) => (key === "style" ? sameValues(a.style, b.style) : Object.is(a[key], b[key])));
}

function sameValues(a: CSSProperties, b: CSSProperties): boolean {
  const keys = Object.keys(a) as Array<keyof CSSProperties>;
  return keys.length === Object.keys(b).length && keys.every((key) => Object.is(a[key], b[key]));
}

/** One item as a list row or a grid card (a `row` of the grid; the card is its cell). */
export const FileItem = memo(function FileItem(props: ItemProps) {
  const locale = useLocale();
  const t = useT();
  const { file, index, selected, focused, renaming, dropTarget, view, style, rowId } = props;
  const folder = file.kind === "drive#folder";
  const classes = [
    "file-item",
    view === "list" ? "file-row" : view === "flow" ? "file-card file-tile" : "file-card",
    selected && "selected",
    props.location && "has-location",
    focused && "focused",
    dropTarget && "drop-target",
  ]
    .filter(Boolean)
    .join(" ");
  const size = folder ? "—" : formatBytes(file.size, locale);
  const trash = trashFacts(file, locale, t, view === "grid");
  const modified = trash
    ? t("files.trash.deleted", { date: trash.deleted })
    : formatModified(file.modified_time, locale, view === "grid");
  const dateCell = trash ? trash.deleted : modified;
  const common = {
    id: rowId,
    className: classes,
    style,
    "data-index": index,
    "data-id": file.id,
    "data-kind": folder ? "folder" : "file",
    draggable: !renaming,
  };
  if (view === "list")
    return (
      // biome-ignore lint/a11y/useSemanticElements: a virtualized grid positions its rows itself, which table elements cannot
      <div role="row" tabIndex={-1} aria-selected={selected} aria-rowindex={index + 2} {...common}>
        {/* biome-ignore lint/a11y/useSemanticElements: a virtualized grid positions its rows itself, which table elements cannot */}
        <div role="gridcell" tabIndex={-1} className="cell-name">
          <Check index={index} selected={selected} name={file.name} onCheck={props.onCheck} />
          <Thumb file={file} size={22} row />
          <span className="name-stack">
            <Name file={file} renaming={renaming} onRename={props.onRename} />
            {props.location && <Location file={file} path={props.location} />}
            <WatchedBar file={file} />
            <span className="row-meta muted" aria-hidden="true" suppressHydrationWarning>
              {(trash
                ? // In the trash, what matters first: the days left, then when, then the size.
                  [trash.left, t("files.trash.deleted", { date: trash.deletedDay }), folder ? "" : size]
                : [folder ? "" : size, modified]
              )
                .filter(Boolean)
                .join(" · ")}
            </span>
          </span>
        </div>
        {/* biome-ignore lint/a11y/useSemanticElements: a virtualized grid positions its rows itself, which table elements cannot */}
        <div role="gridcell" tabIndex={-1} className="cell-modified" suppressHydrationWarning>
          {dateCell}
          {trash?.left && <span className="days-left">{trash.left}</span>}
        </div>
        {/* biome-ignore lint/a11y/useSemanticElements: a virtualized grid positions its rows itself, which table elements cannot */}
        <div role="gridcell" tabIndex={-1} className="cell-size">
          {size}
        </div>
        {/* biome-ignore lint/a11y/useSemanticElements: a virtualized grid positions its rows itself, which table elements cannot */}
        <div role="gridcell" tabIndex={-1} className="cell-actions">
          <MenuButton index={index} name={file.name} onMenu={props.onMenu} />
        </div>
      </div>
    );
  return (
    // biome-ignore lint/a11y/useSemanticElements: a virtualized grid positions its rows itself, which table elements cannot
    <div role="gridcell" tabIndex={-1} aria-selected={selected} {...common}>
      <div className="card-preview">
        <Thumb file={file} size={44} />
        <Check index={index} selected={selected} name={file.name} onCheck={props.onCheck} />
        <WatchedBar file={file} />
      </div>
      <div className="card-text">
        <Name file={file} renaming={renaming} onRename={props.onRename} />
        {props.location ? (
          <Location file={file} path={props.location} />
        ) : (
          <span className="card-meta muted" suppressHydrationWarning>
            {trash ? trash.left || modified : folder ? modified : size}
          </span>
        )}
      </div>
      <MenuButton index={index} name={file.name} onMenu={props.onMenu} />
    </div>
  );
}, sameItemProps);
