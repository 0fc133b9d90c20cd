import type { DriveFile } from "@nimbus/protocol";
import { type ApiFailure, errorText } from "../../api/client.js";
import { fileIcons } from "../../components/file-icons.js";
import { Icon } from "../../components/icon.js";
import { LoadFailed } from "../../components/load-state.js";
import { awaitingScripts, useAwaitingScripts } from "../../components/use-hydrated.js";
import { useT } from "../../i18n/i18n.js";
import { type DisplayMode, ORDER_TYPE } from "../../lib/display-mode.js";
import type { MenuEntry } from "./context-menu.js";
import { FileItem } from "./file-item.js";
import type { LayoutView } from "./geometry.js";

const STATIC_CARDS = 24;

type SortColumn = "name" | "modified" | "size";
const COLUMN_ORDERS: Record<SortColumn, [asc: number, desc: number]> = {
  name: [ORDER_TYPE.NAME_ASC, ORDER_TYPE.NAME_DESC],
  modified: [ORDER_TYPE.MODIFY_TIME_ASC, ORDER_TYPE.MODIFY_TIME_DESC],
  size: [ORDER_TYPE.SIZE_ASC, ORDER_TYPE.SIZE_DESC],
};

/** The list view's column headings; a click sorts by the column, again reverses it. */
export function ListHeader({
  mode,
  sortable,
  onChange,
  trash = false,
}: {
  mode: DisplayMode;
  sortable: boolean;
  /** In the trash the date column is when each item was deleted. */
  trash?: boolean;
  onChange(change: Partial<DisplayMode>): void;
}) {
  const t = useT();
  const column = (key: SortColumn, label: string) => {
    const [asc, desc] = COLUMN_ORDERS[key];
    const sort = mode.orderType === asc ? "ascending" : mode.orderType === desc ? "descending" : "none";
    return (
      // biome-ignore lint/a11y/useSemanticElements: a virtualized grid positions its rows itself, which table elements cannot
      <div
        role="columnheader"
        tabIndex={-1}
        aria-sort={sortable ? sort : undefined}
        className={`cell-${key}`}
      >
        {sortable ? (
          <button
            type="button"
            className="column-sort"
            onClick={() =>
              onChange({ orderType: (sort === "ascending" ? desc : asc) as DisplayMode["orderType"] })
            }
          >
            {label}
            {sort !== "none" && <span aria-hidden="true">{sort === "ascending" ? " ↑" : " ↓"}</span>}
          </button>
        ) : (
          label
        )}
      </div>
    );
  };
  return (
    // biome-ignore lint/a11y/useSemanticElements: a virtualized grid positions its rows itself, which table elements cannot
    <div role="rowgroup" className="list-header">
      {/* biome-ignore lint/a11y/useSemanticElements: a virtualized grid positions its rows itself, which table elements cannot */}
      <div role="row" tabIndex={-1} aria-rowindex={1} className="file-row header-row">
        {column("name", t("files.column.name"))}
        {column("modified", t(trash ? "files.column.deleted" : "files.column.modified"))}
        {column("size", t("files.column.size"))}
        {/* biome-ignore lint/a11y/useSemanticElements: a virtualized grid positions its rows itself, which table elements cannot */}
        <div role="columnheader" tabIndex={-1} className="cell-actions">
          <span className="visually-hidden">{t("files.column.actions")}</span>
        </div>
      </div>
    </div>
  );
}

/** A list that could not load: why, and try again. */
export function ListError({ error, retry }: { error: ApiFailure; retry(): void }) {
  const t = useT();
  return <LoadFailed message={errorText(error, t)} error={error.error} retry={retry} />;
}

const noop = () => {};

/**
 * Cards before the page runs: the grid's columns come from the measured width, which
 * the server cannot know, so the server render lays the first cards out with CSS
 * alone; the virtual grid takes over once the page runs.
 */
export function StaticCards({
  items,
  view,
  label,
}: {
  items: readonly DriveFile[];
  view: LayoutView;
  label: string;
}) {
  return (
    // Nothing here answers a click or a key: busy and unavailable until the virtual grid takes over.
    // biome-ignore lint/a11y/useSemanticElements: the same grid pattern as the virtual view it stands in for
    <div
      role="grid"
      aria-label={label}
      className={`file-view view-${view} static-cards`}
      {...awaitingScripts(false)}
    >
      {/* biome-ignore lint/a11y/useSemanticElements: the same grid pattern as the virtual view it stands in for */}
      <div role="row" tabIndex={-1} className="static-row">
        {items.slice(0, STATIC_CARDS).map((file, index) => (
          <FileItem
            key={file.id}
            file={file}
            index={index}
            selected={false}
            focused={false}
            renaming={false}
            dropTarget={false}
            view={view}
            style={{}}
            rowId={`static-${file.id}`}
            onRename={noop}
            onMenu={noop}
            onCheck={noop}
          />
        ))}
      </div>
    </div>
  );
}

/** What the first paint shows before rows arrive: the saved view's shape, not a spinner. */
export function ListSkeleton({ view }: { view: LayoutView }) {
  const t = useT();
  const count = view === "list" ? 8 : 12;
  return (
    <div className={`file-skeleton view-${view}`} role="status" aria-label={t("common.loading")}>
      {Array.from({ length: count }, (_, i) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: placeholders have nothing else to key on
        <div key={i} className="skeleton-item">
          <span className="skeleton" />
          <span className="skeleton" />
        </div>
      ))}
    </div>
  );
}

/** "3 selected" with the main actions, the rest under ⋮, and clear. */
export function SelectionBar({
  count,
  entries,
  onMore,
  onClear,
}: {
  count: number;
  entries: MenuEntry[];
  onMore(anchor: HTMLElement): void;
  onClear(): void;
}) {
  const t = useT();
  const primary = entries.filter((e) =>
    ["download", "share", "move", "trash", "restore", "delete-forever", "rename"].includes(e.id),
  );
  return (
    <div className="selection-bar" role="toolbar" aria-label={t("files.selection.label")}>
      <button type="button" className="icon-button" aria-label={t("files.selection.clear")} onClick={onClear}>
        ×
      </button>
      <span className="selection-count" aria-live="polite">
        {t("files.selection.count", { count })}
      </span>
      <div className="selection-actions">
        {primary.map((entry) => (
          <button
            key={entry.id}
            type="button"
            className={entry.danger ? "button ghost danger" : "button ghost"}
            data-action={entry.id}
            onClick={entry.run}
            title={entry.label}
          >
            <Icon d={entry.icon} size={18} />
            <span className="label">{entry.label}</span>
          </button>
        ))}
        {entries.length > primary.length && (
          <button
            type="button"
            className="icon-button"
            aria-label={t("files.selection.more")}
            aria-haspopup="menu"
            onClick={(event) => onMore(event.currentTarget)}
          >
            <Icon d={fileIcons.more} />
          </button>
        )}
      </div>
    </div>
  );
}

/** Inside a trashed folder: restore or delete for good the trashed item it was entered from. */
export function TrashFolderTools({ onRestore, onDelete }: { onRestore(): void; onDelete(): void }) {
  const t = useT();
  const waiting = useAwaitingScripts();
  return (
    <>
      <button type="button" className="button" onClick={onRestore} {...waiting}>
        <Icon d={fileIcons.restore} size={18} />
        <span className="label">{t("files.action.restore")}</span>
      </button>
      <button type="button" className="button danger" onClick={onDelete} {...waiting}>
        <Icon d={fileIcons.deleteForever} size={18} />
        <span className="label">{t("files.action.deleteForever")}</span>
      </button>
    </>
  );
}
