import type { DriveFile } from "@nimbus/protocol";
import { type CSSProperties, memo } from "react";
import { formatBytes } from "../../i18n/format.js";
import { useLocale, useT } from "../../i18n/i18n.js";
import type { LayoutView } from "./geometry.js";
import { formatModified, trashFacts } from "./item-facts.js";
import { checkButton, Location, menuButton, Name, Thumb, WatchedBar } from "./item-parts.js";

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

/**
 * One item as a list row or a grid card (a `row` of the grid; the card is its cell). Its
 * parts are called as functions, not rendered as components: a scroll patches a screenful
 * of rows each frame, and a component per part is a fiber and hooks more per row (0073).
 */
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
    !file.thumbnail_link && "no-thumb",
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
          {checkButton(index, selected, file.name, t, props.onCheck)}
          {Thumb({ file, size: 22, row: true })}
          <span className="name-stack">
            {Name({ file, renaming, onRename: props.onRename, t })}
            {props.location && Location({ file, path: props.location, t })}
            {WatchedBar({ file, t, locale })}
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
          {menuButton(index, file.name, t, props.onMenu)}
        </div>
      </div>
    );
  return (
    // biome-ignore lint/a11y/useSemanticElements: a virtualized grid positions its rows itself, which table elements cannot
    <div role="gridcell" tabIndex={-1} aria-selected={selected} {...common}>
      <div className="card-preview">
        {Thumb({ file, size: 44 })}
        {checkButton(index, selected, file.name, t, props.onCheck)}
        {WatchedBar({ file, t, locale })}
      </div>
      <div className="card-text">
        {Name({ file, renaming, onRename: props.onRename, t })}
        {props.location ? (
          Location({ file, path: props.location, t })
        ) : (
          <span className="card-meta muted" suppressHydrationWarning>
            {trash ? trash.left || modified : folder ? modified : size}
          </span>
        )}
      </div>
      {menuButton(index, file.name, t, props.onMenu)}
    </div>
  );
}, sameItemProps);
