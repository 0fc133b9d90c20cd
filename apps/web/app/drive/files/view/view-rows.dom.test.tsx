// @vitest-environment happy-dom

import type { DriveFile } from "@nimbus/protocol";
import { act, useState } from "react";
import { describe, expect, it } from "vitest";
import { driveFile, renderPage } from "../../../testing/dom.js";
import { geometry } from "../geometry.js";
import { NO_SELECTION, type Selection } from "../selection.js";
import { rowDomId, ViewRows } from "./view-rows.js";

// Decision 0073: rows are recycled by their position in the window while scrolling, so a
// frame patches rows instead of building or moving them; the focused and the renaming item
// keep their own element.
const FILES: DriveFile[] = Array.from({ length: 40 }, (_, i) =>
  driveFile({
    id: `f${i}`,
    name: `photo ${i}.jpg`,
    mime_type: "image/jpeg",
    thumbnail_link: `/thumb/${i}.webp`,
  }),
);

/** Ten list rows from `first` (nine when the scroll stops on a row's edge); `scrollTo` moves them as a scroll would. */
let scrollTo: (first: number, count?: number) => void = () => {};

function Rows({ selection = NO_SELECTION }: { selection?: Selection }) {
  const [[first, count], setWindow] = useState([0, 10]);
  scrollTo = (to, rows = 10) => setWindow([to, rows]);
  return (
    <div>
      <ViewRows
        items={FILES}
        view="list"
        g={geometry("list", 800, false)}
        gap={0}
        first={first}
        last={first + count - 1}
        selection={selection}
        renamingId={null}
        dropIndex={-1}
        onRename={() => {}}
        onMenu={() => {}}
        onCheck={() => {}}
      />
    </div>
  );
}

const scroll = (first: number, count?: number) => act(() => scrollTo(first, count));

const element = (id: string) => document.getElementById(rowDomId(id));

describe("ViewRows", () => {
  it("patches the row elements in place on a scroll: each position keeps its element, with the new file's picture", async () => {
    await renderPage(<Rows />);
    const top = element("f0");
    const bottom = element("f9");
    const bottomPicture = bottom?.querySelector("img");
    await scroll(1);
    expect(element("f0")).toBeNull();
    // The rows kept their place in the DOM (no node moved): f1 is now drawn by the first element.
    expect(element("f1")).toBe(top);
    expect(element("f10")).toBe(bottom);
    expect(document.querySelector("[data-index]")).toBe(top);
    // Its picture is a new element, so the last file's image never shows while the next loads.
    const picture = element("f10")?.querySelector("img");
    expect(picture?.getAttribute("src")).toBe("/thumb/10.webp");
    expect(picture).not.toBe(bottomPicture);
  });

  it("keeps the rows' elements when the scroll stops on a row's edge and one row fewer is rendered", async () => {
    await renderPage(<Rows />);
    await scroll(3);
    const top = element("f3");
    await scroll(4, 9);
    expect(element("f4")).toBe(top);
    await scroll(5);
    expect(element("f5")).toBe(top);
  });

  it("keeps the focused row's element whatever the slots do", async () => {
    const focused: Selection = { ids: new Set(["f3"]), anchor: 3, focus: 3 };
    await renderPage(<Rows selection={focused} />);
    const row = element("f3");
    await scroll(2);
    expect(element("f3")).toBe(row);
  });
});
