import { describe, expect, it } from "vitest";
import { DEFAULT_DISPLAY_MODE, ORDER_TYPE } from "../../lib/display-mode.js";
import { listUrl } from "./api.js";
import {
  apiOrder,
  listRequest,
  requestKey,
  trashFolderPath,
  viewFromUrl,
  watchedFolder,
} from "./list-query.js";
import { menuEntries } from "./menu-entries.js";
import { actionIds } from "./use-browser-page-actions.js";
import { copiedIds } from "./use-file-actions.js";

describe("list requests", () => {
  it("maps the numbered order set onto the API's order parameter", () => {
    expect(apiOrder(ORDER_TYPE.NAME_ASC)).toBe("NAME_ASC");
    expect(apiOrder(ORDER_TYPE.NAME_DESC)).toBe("NAME_DESC");
    expect(apiOrder(ORDER_TYPE.TYPE_DESC)).toBe("3");
    expect(apiOrder(ORDER_TYPE.SIZE_DESC)).toBe("8");
  });

  it("builds each view's request: folder, search across the drive, recent files, the trash", () => {
    const mode = { ...DEFAULT_DISPLAY_MODE, orderType: ORDER_TYPE.SIZE_ASC, pinFoldersTop: false };
    expect(listRequest({ kind: "folder", parentId: "F" }, mode)).toMatchObject({
      parentId: "F",
      order: "7",
      pinFoldersTop: false,
      limit: 100,
    });
    expect(listRequest({ kind: "search", keyword: "tax" }, mode)).toMatchObject({
      parentId: "*",
      filters: { name: { contains: "tax" }, trashed: { eq: false } },
    });
    expect(listRequest({ kind: "recent" }, mode)).toMatchObject({ parentId: "*", order: "mod_desc" });
    expect(listRequest({ kind: "trash" }, mode).filters).toEqual({ trashed: { eq: true } });
    // Starred: across the drive, only live starred items.
    expect(listRequest({ kind: "starred" }, mode)).toMatchObject({
      parentId: "*",
      filters: { starred: { eq: true }, trashed: { eq: false } },
    });
    // A trashed folder opened from the trash lists its content, trashed with it.
    expect(listRequest({ kind: "trash", folderId: "T", rootId: "R" }, mode)).toMatchObject({
      parentId: "T",
      filters: { trashed: { eq: true } },
    });
    expect(watchedFolder({ kind: "folder", parentId: "F" })).toBe("F");
    expect(watchedFolder({ kind: "trash" })).toBe("*");
  });

  it("reads the view from a drive URL", () => {
    const q = (s: string) => new URLSearchParams(s);
    expect(viewFromUrl("/drive/all", q(""))).toEqual({ kind: "folder", parentId: "" });
    expect(viewFromUrl("/drive/all/", q("parent_id=F"))).toEqual({ kind: "folder", parentId: "F" });
    expect(viewFromUrl("/drive/all", q("action=search&keyword=%20tax%20"))).toEqual({
      kind: "search",
      keyword: "tax",
    });
    expect(viewFromUrl("/drive/recent", q(""))).toEqual({ kind: "recent" });
    expect(viewFromUrl("/drive/starred", q(""))).toEqual({ kind: "starred" });
    expect(viewFromUrl("/drive/trash", q(""))).toEqual({ kind: "trash" });
    expect(viewFromUrl("/drive/trash", q("parent_id=T&root=R"))).toEqual({
      kind: "trash",
      folderId: "T",
      rootId: "R",
    });
    expect(viewFromUrl("/drive/trash", q("parent_id=T"))).toEqual({
      kind: "trash",
      folderId: "T",
      rootId: "T",
    });
    const path = new URL(trashFolderPath("T", "R"), "http://x");
    expect(viewFromUrl(path.pathname, path.searchParams)).toEqual({
      kind: "trash",
      folderId: "T",
      rootId: "R",
    });
    expect(viewFromUrl("/drive/account", q(""))).toBeUndefined();
  });

  it("keys requests without their paging, and puts everything in the URL", () => {
    const request = listRequest({ kind: "search", keyword: "a b" }, DEFAULT_DISPLAY_MODE);
    expect(requestKey({ ...request, limit: 500, pageToken: "x" })).toBe(requestKey(request));
    const url = new URL(listUrl({ ...request, pageToken: "tok" }), "http://x");
    expect(url.pathname).toBe("/drive/v1/files");
    expect(url.searchParams.get("page_token")).toBe("tok");
    expect(JSON.parse(url.searchParams.get("filters") ?? "")).toEqual(request.filters);
  });
});

describe("menus and page action parameters", () => {
  const file = { id: "1", kind: "drive#file", starred: false } as never;
  const folder = { id: "2", kind: "drive#folder", starred: true } as never;
  const run = new Proxy({}, { get: () => () => {} }) as never;
  const t = (key: string) => key;

  it("offers restore and delete forever in the trash, the full set elsewhere", () => {
    expect(menuEntries([file], "trash", t, run).map((e) => e.id)).toEqual(["restore", "delete-forever"]);
    // A trashed folder opens (read-only); inside it items only open.
    expect(menuEntries([folder], "trash", t, run).map((e) => e.id)).toEqual([
      "open",
      "restore",
      "delete-forever",
    ]);
    expect(menuEntries([file], "inside-trash", t, run).map((e) => e.id)).toEqual(["open"]);
    expect(menuEntries([file, folder], "inside-trash", t, run)).toEqual([]);
    expect(menuEntries([file], "drive", t, run).map((e) => e.id)).toEqual([
      "open",
      "download",
      "share",
      "rename",
      "move",
      "copy",
      "star",
      "copy-link",
      "trash",
    ]);
    // Several items: no open, rename or link; star unless all are starred.
    expect(menuEntries([file, folder], "drive", t, run).map((e) => e.id)).toEqual([
      "download",
      "share",
      "move",
      "copy",
      "star",
      "trash",
    ]);
    expect(menuEntries([folder], "drive", t, run).map((e) => e.id)).toContain("unstar");
  });

  it("offers cloud download for a .torrent only while the service is on", () => {
    const torrent = { id: "3", kind: "drive#file", name: "linux.torrent", starred: false } as never;
    expect(menuEntries([torrent], "drive", t, run).map((e) => e.id)).toContain("cloud-download");
    expect(menuEntries([torrent], "drive", t, run, { cloudDownload: false }).map((e) => e.id)).not.toContain(
      "cloud-download",
    );
  });

  it("reads file ids from file_ids, ids or file_id", () => {
    expect(actionIds({ file_ids: "a, b,,c" })).toEqual(["a", "b", "c"]);
    expect(actionIds({ ids: "x" })).toEqual(["x"]);
    expect(actionIds({ file_id: "y" })).toEqual(["y"]);
    expect(actionIds({})).toEqual([]);
  });

  it("undoes a copy only with the ids the server reported for the copies", () => {
    const copies = [{ id: "c1" }, { id: "c2" }] as never;
    expect(copiedIds({ task_id: "", files: copies }, undefined)).toEqual(["c1", "c2"]);
    const task = { phase: "PHASE_TYPE_COMPLETE", file_id: "c7", params: { file_ids: "c7,c8,c9" } } as never;
    expect(copiedIds({ task_id: "t" }, task)).toEqual(["c7", "c8", "c9"]);
    const running = { phase: "PHASE_TYPE_RUNNING", file_id: "", params: {} } as never;
    expect(copiedIds({ task_id: "t" }, running)).toEqual([]);
    expect(copiedIds({ task_id: "t" }, undefined)).toEqual([]);
  });
});
