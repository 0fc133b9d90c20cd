import type { DriveFile } from "@nimbus/protocol";
import { type CSSProperties, memo, type ReactNode, useEffect, useRef } from "react";
import { Icon } from "../../components/icon.js";
import { formatBytes } from "../../i18n/format.js";
import { useLocale, useT } from "../../i18n/i18n.js";
import { fileIcons, itemIcon, itemTone } from "./file-icons.js";
import type { LayoutView } from "./geometry.js";

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

function Thumb({ file, size }: { file: DriveFile; size: number }) {
  const tone = itemTone(file);
  if (file.thumbnail_link)
    return (
      <img
        className="file-thumb"
        src={file.thumbnail_link}
        alt=""
        loading="lazy"
        decoding="async"
        draggable={false}
      />
    );
  return (
    <span className={`file-icon tone-${tone}`}>
      <Icon d={itemIcon(file)} size={size} />
    </span>
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

function Name({ file, renaming, onRename }: Pick<ItemProps, "file" | "renaming" | "onRename">): ReactNode {
  const t = useT();
  if (renaming) return <RenameInput file={file} onRename={onRename} />;
  return (
    <span className="file-name" title={file.name}>
      {file.name}
      {file.starred && (
        <span className="starred" title={t("files.starred")}>
          <Icon d={fileIcons.starFilled} size={14} />
          <span className="visually-hidden">{t("files.starred")}</span>
        </span>
      )}
    </span>
  );
}

/** One item as a list row or a grid card (a `row` of the grid; the card is its cell). */
export const FileItem = memo(function FileItem(props: ItemProps) {
  const locale = useLocale();
  const { file, index, selected, focused, renaming, dropTarget, view, style, rowId } = props;
  const folder = file.kind === "drive#folder";
  const classes = [
    "file-item",
    view === "list" ? "file-row" : view === "flow" ? "file-card file-tile" : "file-card",
    selected && "selected",
    focused && "focused",
    dropTarget && "drop-target",
  ]
    .filter(Boolean)
    .join(" ");
  const size = folder ? "—" : formatBytes(file.size, locale);
  const modified = formatModified(file.modified_time, locale, view === "grid");
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
          <Thumb file={file} size={22} />
          <span className="name-stack">
            <Name file={file} renaming={renaming} onRename={props.onRename} />
            <span className="row-meta muted" aria-hidden="true" suppressHydrationWarning>
              {folder ? modified : `${size} · ${modified}`}
            </span>
          </span>
        </div>
        {/* biome-ignore lint/a11y/useSemanticElements: a virtualized grid positions its rows itself, which table elements cannot */}
        <div role="gridcell" tabIndex={-1} className="cell-modified" suppressHydrationWarning>
          {modified}
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
      </div>
      <div className="card-text">
        <Name file={file} renaming={renaming} onRename={props.onRename} />
        <span className="card-meta muted" suppressHydrationWarning>
          {folder ? modified : size}
        </span>
      </div>
      <MenuButton index={index} name={file.name} onMenu={props.onMenu} />
    </div>
  );
});
