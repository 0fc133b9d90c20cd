import { describe, expect, it } from "vitest";
import { pickerKey, trapTarget } from "./picker-keys.js";

const none = () => false;

describe("pickerKey", () => {
  it("moves between folders and stops at the ends", () => {
    expect(pickerKey("ArrowDown", 0, 3, none)).toEqual({ kind: "focus", index: 1 });
    expect(pickerKey("ArrowDown", 2, 3, none)).toEqual({ kind: "focus", index: 2 });
    expect(pickerKey("ArrowUp", 0, 3, none)).toEqual({ kind: "focus", index: 0 });
    expect(pickerKey("Home", 2, 3, none)).toEqual({ kind: "focus", index: 0 });
    expect(pickerKey("End", 0, 3, none)).toEqual({ kind: "focus", index: 2 });
    expect(pickerKey("ArrowDown", -1, 0, none)).toEqual({ kind: "none" });
  });

  it("enters a folder with ArrowRight unless it is blocked; goes up with ArrowLeft and Backspace", () => {
    expect(pickerKey("ArrowRight", 1, 3, none)).toEqual({ kind: "enter", index: 1 });
    expect(pickerKey("ArrowRight", 1, 3, (i) => i === 1)).toEqual({ kind: "none" });
    expect(pickerKey("ArrowLeft", 1, 3, none)).toEqual({ kind: "up" });
    expect(pickerKey("Backspace", 0, 0, none)).toEqual({ kind: "up" });
    expect(pickerKey("a", 0, 3, none)).toEqual({ kind: "none" });
  });
});

describe("trapTarget", () => {
  const all = ["a", "b", "c"];
  it("wraps Tab at the last element and Shift+Tab at the first", () => {
    expect(trapTarget(all, "c", false)).toBe("a");
    expect(trapTarget(all, "a", true)).toBe("c");
    expect(trapTarget(all, "b", false)).toBeUndefined();
    expect(trapTarget(all, "b", true)).toBeUndefined();
    expect(trapTarget(all, null, false)).toBe("a");
    expect(trapTarget([], "a", false)).toBeUndefined();
  });
});
