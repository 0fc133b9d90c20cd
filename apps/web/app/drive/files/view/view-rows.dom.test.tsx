// @vitest-environment happy-dom

import type { DriveFile } from "@nimbus/protocol";
import { act, useState } from "react";
import { describe, expect, it } from "vitest";
import { driveFile, renderPage } from "../../../testing/dom.js";
import { geometry } from "../geometry.js";
import { NO_SELECTION, type Selection } from "../selection.js";
import { rowDomId, ViewRows } from "./view-rows.js";

// Decision 0073: rows are recycled by slot while scrolling, so a frame patches rows instead
// of building them; the focused and the renaming item keep their own element.
const FILES: DriveFile[] = Array.from({ length: 40 }, (_, i) =>
  driveFile({
    id: `f${i}`,
    name: `photo ${i}.jpg`,
    mime_type: "image/jpeg",
    thumbnail_link: `/thumb/${i}.webp`,
  }),
);

/** Ten list rows from `first`; `scrollTo` moves them as a scroll would. */
let scrollTo: (first: number) => void = () => {};

function Rows({ selection = NO_SELECTION }: { selection?: Selection }) {
  const [first, setFirst] = useState(0);
  scrollTo = setFirst;
  return (
    <div>
      <ViewRows
        items={FILES}
        view="list"
        g={geometry("list", 800, false)}
        gap={0}
        first={first}
        last={first + 9}
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

const scroll = (first: number) => act(() => scrollTo(first));

const element = (id: string) => document.getElementById(rowDomId(id));

describe("ViewRows", () => {
  it("reuses a scrolled-out row's element for the row scrolled in, with the new file's picture", async () => {
    await renderPage(<Rows />);
    const leaving = element("f0");
    const leavingPicture = leaving?.querySelector("img");
    const staying = element("f5");
    await scroll(1);
    expect(element("f0")).toBeNull();
    expect(element("f5")).toBe(staying);
    // f10 took over f0's slot: the same element, patched.
    expect(element("f10")).toBe(leaving);
    // Its picture is a new element, so the last file's image never shows while the next loads.
    const picture = element("f10")?.querySelector("img");
    expect(picture?.getAttribute("src")).toBe("/thumb/10.webp");
    expect(picture).not.toBe(leavingPicture);
  });

  it("keeps the focused row's element whatever the slots do", async () => {
    const focused: Selection = { ids: new Set(["f3"]), anchor: 3, focus: 3 };
    await renderPage(<Rows selection={focused} />);
    const row = element("f3");
    await scroll(2);
    expect(element("f3")).toBe(row);
  });
});
