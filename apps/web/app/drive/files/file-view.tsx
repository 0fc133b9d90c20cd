import type { DriveFile } from "@nimbus/protocol";
import {
  type KeyboardEvent,
  type ReactNode,
  type PointerEvent as ReactPointerEvent,
  useCallback,
  useEffect,
  useLayoutEffect,
  useRef,
  useState,
} from "react";
import { useAwaitingScripts } from "../../components/use-hydrated.js";
import { useT } from "../../i18n/i18n.js";
import { DRAG_TYPE } from "../drive-events.js";
import { FileItem, type ItemProps } from "./file-item.js";
import { type Geometry, geometry, gridGap, itemsInBox, type LayoutView, visibleRows } from "./geometry.js";
import type { Selection } from "./selection.js";

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

export function rowDomId(id: string): string {
  return `file-${id}`;
}

function useViewport(container: React.RefObject<HTMLDivElement | null>) {
  const [box, setBox] = useState({ top: 0, bottom: 800, width: 960 });
  useLayoutEffect(() => {
    const element = container.current;
    if (!element) return;
    let frame = 0;
    const measure = () => {
      frame = 0;
      const rect = element.getBoundingClientRect();
      const next = { top: -rect.top, bottom: window.innerHeight - rect.top, width: Math.floor(rect.width) };
      setBox((prev) =>
        prev.top === next.top && prev.bottom === next.bottom && prev.width === next.width ? prev : next,
      );
    };
    const schedule = () => {
      if (!frame) frame = requestAnimationFrame(measure);
    };
    measure();
    window.addEventListener("scroll", schedule, { passive: true });
    window.addEventListener("resize", schedule);
    const observer = new ResizeObserver(schedule);
    observer.observe(element);
    return () => {
      window.removeEventListener("scroll", schedule);
      window.removeEventListener("resize", schedule);
      observer.disconnect();
      cancelAnimationFrame(frame);
    };
  }, [container]);
  return box;
}

/**
 * The virtualized list or grid: only the rows in view (plus a few) are in the DOM,
 * positioned inside a box as tall as the whole list; scrolling is the page's own.
 * Pointer handling here: the drag box on the background, dragging items onto folders.
 */
export function FileView(props: FileViewProps) {
  const t = useT();
  // The server renders a list view's rows: until the page runs they are busy and unavailable.
  const waiting = useAwaitingScripts();
  const { items, view, phone, selection, hasMore, onNearEnd } = props;
  const container = useRef<HTMLDivElement>(null);
  const rowsBox = useRef<HTMLDivElement>(null);
  const viewport = useViewport(rowsBox);
  const g = geometry(view, viewport.width, phone);
  const gap = gridGap(view);
  const rows = Math.ceil(items.length / g.columns);
  const { first, last } = visibleRows(g, items.length, viewport.top, viewport.bottom);
  const [dropIndex, setDropIndex] = useState(-1);
  const [band, setBand] = useState<{ x0: number; y0: number; x1: number; y1: number } | null>(null);

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

  const eventIndex = (target: EventTarget | null): number => {
    const item = (target as HTMLElement | null)?.closest<HTMLElement>(".file-item");
    return item ? Number(item.dataset.index) : -1;
  };

  const onPointerDown = (event: ReactPointerEvent<HTMLDivElement>) => {
    if (event.button !== 0 || event.pointerType !== "mouse" || eventIndex(event.target) >= 0) return;
    if ((event.target as HTMLElement).closest("button, input, a, [role=columnheader]")) return;
    const rows = rowsBox.current;
    if (!rows) return;
    const rect = rows.getBoundingClientRect();
    const x0 = event.clientX - rect.left;
    const y0 = event.clientY - rect.top;
    const additive = event.ctrlKey || event.metaKey || event.shiftKey;
    const element = event.currentTarget;
    element.setPointerCapture(event.pointerId);
    let moved = false;
    const move = (e: PointerEvent) => {
      const r = rows.getBoundingClientRect();
      const x1 = e.clientX - r.left;
      const y1 = e.clientY - r.top;
      if (!moved && Math.abs(x1 - x0) + Math.abs(y1 - y0) < 6) return;
      moved = true;
      if (e.clientY > window.innerHeight - 30) window.scrollBy(0, 24);
      else if (e.clientY < 120) window.scrollBy(0, -24);
      setBand({ x0, y0, x1, y1 });
      const box = {
        left: Math.min(x0, x1),
        right: Math.max(x0, x1),
        top: Math.min(y0, y1),
        bottom: Math.max(y0, y1),
      };
      props.onBox(itemsInBox(g, items.length, box, gap), additive);
    };
    const up = () => {
      element.removeEventListener("pointermove", move);
      element.removeEventListener("pointerup", up);
      element.removeEventListener("pointercancel", up);
      setBand(null);
      if (!moved && !additive) props.onBackground();
    };
    element.addEventListener("pointermove", move);
    element.addEventListener("pointerup", up);
    element.addEventListener("pointercancel", up);
  };

  const clearDrop = useCallback(() => setDropIndex(-1), []);
  const droppable = (index: number, event: React.DragEvent) =>
    index >= 0 && items[index]?.kind === "drive#folder" && event.dataTransfer.types.includes(DRAG_TYPE);

  const rendered: ReactNode[] = [];
  for (let row = first; row <= last; row++) {
    const cells: ReactNode[] = [];
    for (let column = 0; column < g.columns; column++) {
      const index = row * g.columns + column;
      const file = items[index];
      if (!file) break;
      const style =
        view === "list"
          ? { transform: `translateY(${row * g.rowHeight}px)`, height: g.rowHeight }
          : { width: g.cellWidth, height: g.rowHeight - gap };
      cells.push(
        <FileItem
          key={file.id}
          file={file}
          index={index}
          selected={selection.ids.has(file.id)}
          focused={selection.focus === index}
          renaming={props.renamingId === file.id}
          dropTarget={dropIndex === index}
          view={view}
          style={style}
          rowId={rowDomId(file.id)}
          location={props.locations?.get(file.parent_id)}
          onRename={props.onRename}
          onMenu={props.onMenu}
          onCheck={props.onCheck}
        />,
      );
    }
    if (view === "list") rendered.push(...cells);
    else
      rendered.push(
        // biome-ignore lint/a11y/useSemanticElements: a virtualized grid positions its rows itself, which table elements cannot
        <div
          key={`row-${row}`}
          role="row"
          tabIndex={-1}
          aria-rowindex={row + 1}
          className="grid-row"
          style={{ transform: `translateY(${row * g.rowHeight}px)`, gap }}
        >
          {cells}
        </div>,
      );
  }

  const focusedFile = items[selection.focus];
  return (
    <>
      {/* biome-ignore lint/a11y/useSemanticElements: a virtualized grid positions its rows itself, which table elements cannot */}
      <div
        ref={container}
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
        onDragStart={(event) => {
          const index = eventIndex(event.target);
          if (index < 0) return;
          if (props.readOnly) return event.preventDefault();
          const ids = props.dragIds(index);
          event.dataTransfer.setData(DRAG_TYPE, JSON.stringify(ids));
          event.dataTransfer.setData(
            "text/plain",
            ids.length === 1 ? (items[index]?.name ?? "") : String(ids.length),
          );
          event.dataTransfer.effectAllowed = "move";
        }}
        onDragOver={(event) => {
          const index = eventIndex(event.target);
          if (!droppable(index, event)) return clearDrop();
          event.preventDefault();
          event.dataTransfer.dropEffect = "move";
          setDropIndex(index);
        }}
        onDragLeave={(event) => {
          if (!event.currentTarget.contains(event.relatedTarget as Node)) clearDrop();
        }}
        onDrop={(event) => {
          const index = eventIndex(event.target);
          clearDrop();
          if (!droppable(index, event)) return;
          event.preventDefault();
          const ids = JSON.parse(event.dataTransfer.getData(DRAG_TYPE) || "[]") as string[];
          if (ids.length) props.onDropInto(index, ids);
        }}
        onDragEnd={clearDrop}
      >
        {props.header}
        {/* biome-ignore lint/a11y/useSemanticElements: a virtualized grid positions its rows itself, which table elements cannot */}
        <div ref={rowsBox} role="rowgroup" className="file-rows" style={{ height: rows * g.rowHeight }}>
          {rendered}
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
