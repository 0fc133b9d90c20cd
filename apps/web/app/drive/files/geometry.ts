/** How the browser lays items out: rows, cards, or a photo flow of square tiles (spec §3 view types). */
export type LayoutView = "list" | "grid" | "flow";

/** Where items sit: `columns` per row, each row `rowHeight` px tall, cells `cellWidth` wide. */
export interface Geometry {
  columns: number;
  rowHeight: number;
  cellWidth: number;
}

export const LIST_ROW = 52;
const GRID_MIN_CELL = 168;
const GRID_PHONE_MIN_CELL = 150;
const GRID_GAP = 16;
const FLOW_GAP = 4;
/** A card: square thumbnail plus two text lines. */
const CARD_TEXT = 58;

export function geometry(view: LayoutView, width: number, phone: boolean): Geometry {
  if (view === "list") return { columns: 1, rowHeight: phone ? 60 : LIST_ROW, cellWidth: width };
  if (view === "flow") {
    const min = phone ? 110 : 200;
    const columns = Math.max(3, Math.floor((width + FLOW_GAP) / (min + FLOW_GAP)));
    const cellWidth = Math.floor((width - FLOW_GAP * (columns - 1)) / columns);
    return { columns, rowHeight: cellWidth + FLOW_GAP, cellWidth };
  }
  const min = phone ? GRID_PHONE_MIN_CELL : GRID_MIN_CELL;
  const columns = Math.max(2, Math.floor((width + GRID_GAP) / (min + GRID_GAP)));
  const cellWidth = Math.floor((width - GRID_GAP * (columns - 1)) / columns);
  return { columns, rowHeight: Math.round(cellWidth * 0.75) + CARD_TEXT + GRID_GAP, cellWidth };
}

export function gridGap(view: LayoutView): number {
  return view === "list" ? 0 : view === "flow" ? FLOW_GAP : GRID_GAP;
}

/**
 * How far past the viewport rows are rendered, each side: 104 px, two list rows (four until
 * decision 0082: every row rendered is patched, styled, laid out and painted on each frame of
 * a fast scroll). In pixels, not rows: a grid row (about four list rows tall, six cards) is
 * rendered when it comes within 104 px of the viewport, not a whole row more each side
 * (decisions 0073, 0082).
 */
export const OVERSCAN_PX = 2 * LIST_ROW;

/** The rows to render for a viewport over the list (top and bottom relative to the list's top). */
export function visibleRows(
  g: Geometry,
  count: number,
  viewTop: number,
  viewBottom: number,
  overscanPx = OVERSCAN_PX,
): { first: number; last: number } {
  const rows = Math.ceil(count / g.columns);
  const first = Math.max(0, Math.floor((viewTop - overscanPx) / g.rowHeight));
  // The row holding the last pixel within the overscan.
  const last = Math.min(rows - 1, Math.ceil((viewBottom + overscanPx) / g.rowHeight) - 1);
  return { first, last };
}

/** The item under a point relative to the list's top-left, or -1 in a gap or past the end. */
export function itemAt(g: Geometry, count: number, x: number, y: number, gap: number): number {
  if (x < 0 || y < 0) return -1;
  const row = Math.floor(y / g.rowHeight);
  const column = Math.floor(x / (g.cellWidth + gap));
  if (column >= g.columns) return -1;
  const index = row * g.columns + column;
  return index < count ? index : -1;
}

/** The items a drag box covers (rectangle relative to the list's top-left), in list order. */
export function itemsInBox(
  g: Geometry,
  count: number,
  box: { left: number; top: number; right: number; bottom: number },
  gap: number,
): number[] {
  const covered: number[] = [];
  const firstRow = Math.max(0, Math.floor(box.top / g.rowHeight));
  const lastRow = Math.floor(box.bottom / g.rowHeight);
  const step = g.cellWidth + gap;
  const firstColumn = Math.max(0, Math.floor(box.left / step));
  const lastColumn = Math.min(g.columns - 1, Math.floor(box.right / step));
  for (let row = firstRow; row <= lastRow; row++) {
    for (let column = firstColumn; column <= lastColumn; column++) {
      const index = row * g.columns + column;
      if (index >= count) return covered;
      covered.push(index);
    }
  }
  return covered;
}

/** The position a keyboard arrow moves to (list: up/down; grid: all four), clamped to the list. */
export function arrowTarget(key: string, index: number, columns: number, count: number): number {
  if (count === 0) return -1;
  if (index < 0) return 0;
  const step: Record<string, number> = {
    ArrowDown: columns,
    ArrowUp: -columns,
    ArrowRight: columns > 1 ? 1 : 0,
    ArrowLeft: columns > 1 ? -1 : 0,
  };
  const next = index + (step[key] ?? 0);
  return Math.min(count - 1, Math.max(0, next));
}
