import type { DriveFile } from "@nimbus/protocol";
import { describe, expect, it } from "vitest";
import { type ItemProps, sameItemProps } from "./file-item.js";

const file = { id: "f1", name: "a.txt", kind: "drive#file" } as DriveFile;
const noop = () => undefined;
const props = (style: ItemProps["style"], extra: Partial<ItemProps> = {}): ItemProps => ({
  file,
  index: 3,
  selected: false,
  focused: false,
  renaming: false,
  dropTarget: false,
  view: "list",
  style,
  rowId: "file-f1",
  onRename: noop,
  onMenu: noop,
  onCheck: noop,
  ...extra,
});

describe("sameItemProps", () => {
  it("takes a new style object with the same values as the same item", () => {
    expect(
      sameItemProps(
        props({ transform: "translateY(52px)", height: 52 }),
        props({ transform: "translateY(52px)", height: 52 }),
      ),
    ).toBe(true);
  });

  it("re-renders when a style value, a prop or the set of props changes", () => {
    const style = { transform: "translateY(52px)", height: 52 };
    expect(sameItemProps(props(style), props({ ...style, height: 60 }))).toBe(false);
    expect(sameItemProps(props(style), props({ transform: "translateY(52px)" }))).toBe(false);
    expect(sameItemProps(props(style), props(style, { selected: true }))).toBe(false);
    expect(sameItemProps(props(style), props(style, { file: { ...file } }))).toBe(false);
    expect(sameItemProps(props(style), props(style, { location: "/Trip" }))).toBe(false);
  });
});
