import { describe, expect, it } from "vitest";
import {
  clickOutcome,
  extendTo,
  NO_SELECTION,
  reconcile,
  selectAll,
  selectBox,
  selectedInOrder,
  selectOnly,
  toggle,
} from "./selection.js";

const IDS = ["a", "b", "c", "d", "e", "f"];
const ids = (s: { ids: ReadonlySet<string> }) => [...s.ids].sort();

describe("selection model", () => {
  it("a click selects one item and anchors there", () => {
    const s = selectOnly(IDS, 2);
    expect(ids(s)).toEqual(["c"]);
    expect(s.anchor).toBe(2);
    expect(selectOnly(IDS, 99)).toBe(NO_SELECTION);
  });

  it("shift extends from the anchor in either direction, replacing the rest", () => {
    const s = extendTo(selectOnly(IDS, 2), IDS, 4);
    expect(ids(s)).toEqual(["c", "d", "e"]);
    expect(ids(extendTo(s, IDS, 0))).toEqual(["a", "b", "c"]);
    expect(extendTo(s, IDS, 0).anchor).toBe(2);
  });

  it("ctrl toggles one item and moves the anchor; ctrl+shift adds a range", () => {
    let s = toggle(selectOnly(IDS, 0), IDS, 3);
    expect(ids(s)).toEqual(["a", "d"]);
    s = toggle(s, IDS, 0);
    expect(ids(s)).toEqual(["d"]);
    s = toggle(s, IDS, 5);
    expect(ids(extendTo(s, IDS, 4, true))).toEqual(["d", "e", "f"]);
  });

  it("shift without an anchor selects just the item", () => {
    expect(ids(extendTo(NO_SELECTION, IDS, 1))).toEqual(["b"]);
  });

  it("select all, the drag box (alone or added), list order", () => {
    expect(selectAll(IDS).ids.size).toBe(6);
    expect(ids(selectBox(IDS, [1, 2]))).toEqual(["b", "c"]);
    expect(ids(selectBox(IDS, [4], new Set(["a"])))).toEqual(["a", "e"]);
    expect(selectedInOrder(selectBox(IDS, [4, 0]), IDS)).toEqual(["a", "e"]);
  });

  it("reconciles with rows that went away", () => {
    const s = reconcile(extendTo(selectOnly(IDS, 3), IDS, 5), ["a", "b", "d"]);
    expect(ids(s)).toEqual(["d"]);
    expect(s.focus).toBe(2);
  });

  it("turns clicks and taps into selections, or opening", () => {
    const plain = { shift: false, ctrl: false, touch: false };
    expect(ids(clickOutcome(NO_SELECTION, IDS, 1, plain) as never)).toEqual(["b"]);
    const one = selectOnly(IDS, 1);
    expect(ids(clickOutcome(one, IDS, 3, { ...plain, ctrl: true }) as never)).toEqual(["b", "d"]);
    expect(ids(clickOutcome(one, IDS, 3, { ...plain, shift: true }) as never)).toEqual(["b", "c", "d"]);
    // Touch: a tap opens, unless selecting has begun; then taps toggle.
    expect(clickOutcome(NO_SELECTION, IDS, 2, { ...plain, touch: true })).toBe("open");
    expect(ids(clickOutcome(one, IDS, 2, { ...plain, touch: true }) as never)).toEqual(["b", "c"]);
  });
});
