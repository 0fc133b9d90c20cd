import type { DriveFile } from "@nimbus/protocol";
import { type KeyboardEvent, type ReactNode, useEffect, useRef } from "react";
import { useAwaitingScripts } from "../../components/use-hydrated.js";
import { useT } from "../../i18n/i18n.js";
import type { ItemProps } from "./file-item.js";
import { type Geometry, geometry, gridGap, type LayoutView, visibleRows } from "./geometry.js";
import type { Selection } from "./selection.js";
import { useItemDrag } from "./view/use-item-drag.js";
import { eventIndex, useSelectBand } from "./view/use-select-band.js";
import { useViewport } from "./view/use-viewport.js";
import { rowDomId, ViewRows } from "./view/view-rows.js";

export { rowDomId };

export interface FileViewProps {
  items: readonly DriveFile[];
  view: LayoutView;
  phone: boolean;
  selection: Selection;
  renamingId: string | null;
  hasMore: boolean;
  label: string;
  header?: ReactNode;
  onNearEnd(): void;
  onItemClick(index: number, event: { shiftKey: boolean; ctrlKey: boolean; metaKey: boolean }): void;
  onOpen(index: number): void;
  onContextMenu(index: number, x: number, y: number): void;
  onMenu: ItemProps["onMenu"];
  onCheck(index: number): void;
  onRename: ItemProps["onRename"];
  onBox(covered: number[], additive: boolean): void;
  onBackground(): void;
  onKeyDown(event: KeyboardEvent<HTMLDivElement>, geometry: Geometry): void;
  /** Ids a drag starting at `index` carries (the selection when the item is in it). */
  dragIds(index: number): string[];
  onDropInto(folderIndex: number, ids: string[]): void;
  /** Items neither drag nor take drops (the trash). */
  readOnly?: boolean;
  /** Scrolls the focused item into view when this changes. */
  scrollToken: number;
  /** Where each item lives (its folder's path), for lists gathered from the whole drive. */
  locations?: ReadonlyMap<string, string>;
}

/**
 * The virtualized list or grid: only the rows in view (plus a few) are in the DOM,
 * positioned inside a box as tall as the whole list; scrolling is the page's own.
 * Pointer handling here: the drag box on the background (`useSelectBand`), dragging items
 * onto folders (`useItemDrag`).
 */
export function FileView(props: FileViewProps) {
  const t = useT();
  // The server renders a list view's rows: until the page runs they are busy and unavailable.
  const waiting = useAwaitingScripts();
  const { items, view, phone, selection, hasMore, onNearEnd } = props;
  const rowsBox = useRef<HTMLDivElement>(null);
  const viewport = useViewport(rowsBox);
  const g = geometry(view, viewport.width, phone);
  const gap = gridGap(view);
  const rows = Math.ceil(items.length / g.columns);
  const { first, last } = visibleRows(g, items.length, viewport.top, viewport.bottom);
  const { band, onPointerDown } = useSelectBand(rowsBox, g, items.length, gap, props);
  const { dropIndex, handlers: drag } = useItemDrag(items, props);

  useEffect(() => {
    if (hasMore && last >= rows - 6) onNearEnd();
  }, [hasMore, last, rows, onNearEnd]);

  // Keep the keyboard's item in view.
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs when the parent asks
  useEffect(() => {
    const element = rowsBox.current;
    if (!element || selection.focus < 0) return;
    const rect = element.getBoundingClientRect();
    const row = Math.floor(selection.focus / g.columns);
    const top = rect.top + window.scrollY + row * g.rowHeight;
    const headerSpace = 140;
    if (top < window.scrollY + headerSpace) window.scrollTo({ top: top - headerSpace });
    else if (top + g.rowHeight > window.scrollY + window.innerHeight)
      window.scrollTo({ top: top + g.rowHeight - window.innerHeight + 8 });
  }, [props.scrollToken]);

  const focusedFile = items[selection.focus];
  return (
    <>
      {/* biome-ignore lint/a11y/useSemanticElements: a virtualized grid positions its rows itself, which table elements cannot */}
      <div
        role="grid"
        tabIndex={0}
        aria-label={props.label}
        aria-multiselectable="true"
        aria-rowcount={hasMore ? -1 : view === "list" ? items.length + 1 : rows}
        aria-activedescendant={focusedFile ? rowDomId(focusedFile.id) : undefined}
        className={`file-view view-${view}`}
        {...waiting}
        onKeyDown={(event) => props.onKeyDown(event, g)}
        onPointerDown={onPointerDown}
        onClick={(event) => {
          const index = eventIndex(event.target);
          if (index >= 0) props.onItemClick(index, event);
        }}
        onDoubleClick={(event) => {
          const index = eventIndex(event.target);
          if (index >= 0) props.onOpen(index);
        }}
        onContextMenu={(event) => {
          const index = eventIndex(event.target);
          if (index < 0) return;
          event.preventDefault();
          props.onContextMenu(index, event.clientX, event.clientY);
        }}
        {...drag}
      >
        {props.header}
        {/* biome-ignore lint/a11y/useSemanticElements: a virtualized grid positions its rows itself, which table elements cannot */}
        <div ref={rowsBox} role="rowgroup" className="file-rows" style={{ height: rows * g.rowHeight }}>
          <ViewRows
            items={items}
            view={view}
            g={g}
            gap={gap}
            first={first}
            last={last}
            selection={selection}
            renamingId={props.renamingId}
            dropIndex={dropIndex}
            locations={props.locations}
            onRename={props.onRename}
            onMenu={props.onMenu}
            onCheck={props.onCheck}
          />
          {band && (
            <div
              className="select-band"
              aria-hidden="true"
              style={{
                left: Math.min(band.x0, band.x1),
                top: Math.min(band.y0, band.y1),
                width: Math.abs(band.x1 - band.x0),
                height: Math.abs(band.y1 - band.y0),
              }}
            />
          )}
        </div>
      </div>
      {hasMore && (
        <p className="list-more muted" role="status">
          {t("common.loading")}
        </p>
      )}
    </>
  );
}
