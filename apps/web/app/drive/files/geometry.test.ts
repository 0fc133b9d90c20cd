import { describe, expect, it } from "vitest";
import { arrowTarget, geometry, itemAt, itemsInBox, visibleRows } from "./geometry.js";

describe("list and grid geometry", () => {
  it("list rows are one column; grids fit as many cards as the width allows", () => {
    expect(geometry("list", 900, false)).toMatchObject({ columns: 1, rowHeight: 52 });
    expect(geometry("grid", 1100, false).columns).toBe(6);
    expect(geometry("grid", 358, true).columns).toBe(2);
    // The photo flow: square tiles, at least three across.
    const flow = geometry("flow", 358, true);
    expect(flow.columns).toBe(3);
    expect(flow.rowHeight).toBe(flow.cellWidth + 4);
  });

  it("renders only the rows in view, plus overscan, for 100,000 items", () => {
    const g = geometry("list", 900, false);
    expect(visibleRows(g, 100_000, 52 * 50_000, 52 * 50_000 + 800, 104)).toEqual({
      first: 49_998,
      last: 50_017,
    });
    expect(visibleRows(g, 100_000, 52 * 200_000, 52 * 200_001).last).toBe(99_999);
    // Past the viewport: 104 px each side, two list rows.
    expect(visibleRows(g, 100_000, 5200, 6000)).toEqual({ first: 98, last: 117 });
    // A grid row (202 px) is rendered when it comes within 104 px of the viewport.
    const grid = geometry("grid", 1100, false);
    expect(grid.rowHeight).toBe(202);
    // Rows 10 to 13 in view, 14 starts 60 px below it, 9 ends 0 px above it: both rendered.
    expect(visibleRows(grid, 100_000, 2020, 2768)).toEqual({ first: 9, last: 14 });
    // Rows 10 to 14 in view; row 9 ends 120 px above, row 15 starts 110 px below: neither.
    expect(visibleRows(grid, 100_000, 2140, 2920)).toEqual({ first: 10, last: 14 });
  });

  it("finds the item under a point and the items in a drag box", () => {
    const g = { columns: 4, rowHeight: 100, cellWidth: 90 };
    expect(itemAt(g, 10, 5, 150, 10)).toBe(4);
    expect(itemAt(g, 10, 395, 250, 10)).toBe(-1);
    expect(itemsInBox(g, 10, { left: 95, top: 50, right: 210, bottom: 250 }, 10)).toEqual([
      0, 1, 2, 4, 5, 6, 8, 9,
    ]);
  });

  it("arrow keys move by one in a list and by rows and columns in a grid", () => {
    expect(arrowTarget("ArrowDown", 0, 1, 5)).toBe(1);
    expect(arrowTarget("ArrowRight", 0, 1, 5)).toBe(0);
    expect(arrowTarget("ArrowDown", 1, 4, 10)).toBe(5);
    expect(arrowTarget("ArrowDown", 8, 4, 10)).toBe(9);
    expect(arrowTarget("ArrowUp", -1, 4, 10)).toBe(0);
  });
});
