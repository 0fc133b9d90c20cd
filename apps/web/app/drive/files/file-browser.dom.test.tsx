// @vitest-environment happy-dom

import type { DriveFileList } from "@nimbus/protocol";
import { fireEvent, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it } from "vitest";
import { DEFAULT_DISPLAY_MODE } from "../../lib/display-mode.js";
import { driveFile, mockApi, renderPage, text } from "../../testing/dom.js";
import { notifyDriveChanged } from "../drive-events.js";
import { FileBrowser } from "./file-browser.js";
import { listRequest, requestKey } from "./list-query.js";

const FILES = [
  driveFile({ id: "d1", name: "Holiday 2025", kind: "drive#folder" }),
  driveFile({ id: "f1", name: "itinerary.pdf", mime_type: "application/pdf" }),
  driveFile({ id: "f2", name: "notes.txt" }),
];

function listAnswer(files = FILES, next = "") {
  return { body: { kind: "drive#fileList", files, next_page_token: next } };
}

function renderBrowser() {
  return renderPage(
    <FileBrowser view={{ kind: "folder", parentId: "" }} title="All files" empty={<p>Nothing here yet</p>} />,
    { path: "/drive/all?view=list" },
  );
}

// A name shows split (head and extension) with the whole name as its title.
const rowOf = (name: string) => screen.getByTitle(name).closest<HTMLElement>("[role=row]") as HTMLElement;

describe("FileBrowser in a DOM", () => {
  it("renders a row per file of the list answer, with the count", async () => {
    const calls = mockApi({ "GET /drive/v1/files": listAnswer() });
    await renderBrowser();
    const grid = await screen.findByRole("grid", { name: "All files" });
    const rows = within(grid)
      .getAllByRole("row")
      .filter((row) => row.getAttribute("aria-selected") !== null);
    expect(rows.map((row) => within(row).getAllByTitle(/./)[0]?.title)).toEqual(FILES.map((f) => f.name));
    expect(screen.getByText(text("files.count", { count: 3 }))).toBeTruthy();
    const list = calls.find((call) => call.path === "/drive/v1/files");
    expect(list?.url.searchParams.get("parent_id")).toBe("");
  });

  it("selects a row on click, adds with Ctrl and shows the selection bar", async () => {
    mockApi({ "GET /drive/v1/files": listAnswer() });
    await renderBrowser();
    await screen.findByTitle("notes.txt");
    fireEvent.click(rowOf("itinerary.pdf"));
    expect(rowOf("itinerary.pdf").getAttribute("aria-selected")).toBe("true");
    expect(rowOf("notes.txt").getAttribute("aria-selected")).toBe("false");
    fireEvent.click(rowOf("notes.txt"), { ctrlKey: true });
    const bar = screen.getByRole("toolbar", { name: text("files.selection.label") });
    expect(within(bar).getByText(text("files.selection.count", { count: 2 }))).toBeTruthy();
    fireEvent.click(within(bar).getByRole("button", { name: text("files.selection.clear") }));
    expect(screen.queryByRole("toolbar", { name: text("files.selection.label") })).toBeNull();
    expect(rowOf("itinerary.pdf").getAttribute("aria-selected")).toBe("false");
  });

  it("moves the selection with the arrow keys and selects all with Ctrl+A", async () => {
    mockApi({ "GET /drive/v1/files": listAnswer() });
    await renderBrowser();
    const user = userEvent.setup();
    await screen.findByTitle("notes.txt");
    fireEvent.click(rowOf("Holiday 2025"));
    const grid = screen.getByRole("grid", { name: "All files" });
    grid.focus();
    await user.keyboard("{ArrowDown}");
    expect(rowOf("itinerary.pdf").getAttribute("aria-selected")).toBe("true");
    expect(rowOf("Holiday 2025").getAttribute("aria-selected")).toBe("false");
    await user.keyboard("{Shift>}{ArrowDown}{/Shift}");
    expect(screen.getByText(text("files.selection.count", { count: 2 }))).toBeTruthy();
    await user.keyboard("{Control>}a{/Control}");
    expect(screen.getByText(text("files.selection.count", { count: 3 }))).toBeTruthy();
  });

  it("shows the page's empty state for an empty folder", async () => {
    mockApi({ "GET /drive/v1/files": listAnswer([]) });
    await renderBrowser();
    expect(await screen.findByText("Nothing here yet")).toBeTruthy();
    expect(screen.queryByRole("grid")).toBeNull();
  });

  it("shows the error and retries on request when the list fails", async () => {
    let answers = 0;
    const calls = mockApi({
      "GET /drive/v1/files": () =>
        answers++ === 0
          ? { status: 403, body: { error: "permission_denied", error_description: "Not yours to list" } }
          : listAnswer(),
    });
    await renderBrowser();
    expect(await screen.findByText("Not yours to list")).toBeTruthy();
    expect(screen.queryByRole("grid")).toBeNull();
    fireEvent.click(screen.getByRole("button", { name: text("common.retry") }));
    expect(await screen.findByTitle("notes.txt")).toBeTruthy();
    await waitFor(() => expect(calls.filter((call) => call.path === "/drive/v1/files")).toHaveLength(2));
  });

  it("asks once for the loaded rows when the folder changes, and shows the new answer", async () => {
    let answers = 0;
    const added = driveFile({ id: "f3", name: "added.txt" });
    const calls = mockApi({
      "GET /drive/v1/files": () => (answers++ === 0 ? listAnswer() : listAnswer([...FILES, added])),
    });
    await renderBrowser();
    await screen.findByTitle("notes.txt");
    notifyDriveChanged("");
    expect(await screen.findByTitle("added.txt")).toBeTruthy();
    const lists = calls.filter((call) => call.path === "/drive/v1/files");
    expect(lists).toHaveLength(2);
    expect(lists[1]?.url.searchParams.get("page_token")).toBeNull();
    expect(screen.getByText(text("files.count", { count: 4 }))).toBeTruthy();
  });

  it("puts a trashed row back and says why when the trash fails", async () => {
    const calls = mockApi({
      "GET /drive/v1/files": listAnswer(),
      "POST /drive/v1/files:batchTrash": {
        status: 403,
        body: { error: "permission_denied", error_description: "Not yours to trash" },
      },
    });
    await renderBrowser();
    await screen.findByTitle("notes.txt");
    fireEvent.click(rowOf("notes.txt"));
    const grid = screen.getByRole("grid", { name: "All files" });
    grid.focus();
    await userEvent.setup().keyboard("{Delete}");
    // The failure's text comes from the error catalogue (spec §8 order), as an error toast.
    await waitFor(() => expect(document.querySelector(".toast.error")?.textContent).toBeTruthy());
    expect(await screen.findByTitle("notes.txt")).toBeTruthy();
    expect(calls.filter((call) => call.path === "/drive/v1/files:batchTrash")).toHaveLength(1);
    await waitFor(() => expect(calls.filter((call) => call.path === "/drive/v1/files")).toHaveLength(2));
  });

  it("selects the items a highlight_files action names, with the rows there from the start", async () => {
    mockApi({ "GET /drive/v1/files": listAnswer() });
    const key = requestKey(listRequest({ kind: "folder", parentId: "" }, DEFAULT_DISPLAY_MODE));
    await renderPage(
      <FileBrowser
        view={{ kind: "folder", parentId: "" }}
        title="All files"
        empty={<p>Nothing here yet</p>}
        firstPage={{ key, list: listAnswer().body as DriveFileList }}
      />,
      { path: "/drive/all?view=list&action=highlight_files&file_ids=f1" },
    );
    await waitFor(() => expect(rowOf("itinerary.pdf").getAttribute("aria-selected")).toBe("true"));
    expect(rowOf("notes.txt").getAttribute("aria-selected")).toBe("false");
  });
});
