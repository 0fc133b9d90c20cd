import { DEFAULT_PAGE_LIMIT } from "@nimbus/protocol";
import { type DisplayMode, ORDER_TYPE, type OrderType } from "../../lib/display-mode.js";
import type { ListRequest } from "./api.js";

/** Which list a drive page shows. */
export type DriveView =
  | { kind: "folder"; parentId: string }
  | { kind: "search"; keyword: string }
  | { kind: "recent" }
  /** Every starred item of the drive, wherever it lives. */
  | { kind: "starred" }
  /**
   * The trash's top level, or (`folderId`) a trashed folder opened read-only inside it;
   * `rootId` is the trashed item it was entered from (restore and delete act on it).
   */
  | { kind: "trash"; folderId?: string; rootId?: string };

/** The first page is small so the first rows come quickly; the rest come in bigger pages while scrolling. */
export const FIRST_PAGE = DEFAULT_PAGE_LIMIT;
export const NEXT_PAGE = 500;
/** Largest page a refresh fetches (the API's page limit). */
export const MAX_REFRESH = 1000;

/** The display mode's numbered order (spec §3) as the list API's `order`. */
export function apiOrder(orderType: OrderType): string {
  if (orderType === ORDER_TYPE.NAME_ASC) return "NAME_ASC";
  if (orderType === ORDER_TYPE.NAME_DESC) return "NAME_DESC";
  return String(orderType);
}

/** The list request of a view under a display mode (recent and trash have fixed orders). */
export function listRequest(
  view: DriveView,
  mode: Pick<DisplayMode, "orderType" | "pinFoldersTop">,
): ListRequest {
  const base = { order: apiOrder(mode.orderType), pinFoldersTop: mode.pinFoldersTop, limit: FIRST_PAGE };
  switch (view.kind) {
    case "folder":
      return { ...base, parentId: view.parentId };
    case "search":
      return {
        ...base,
        parentId: "*",
        filters: { name: { contains: view.keyword }, trashed: { eq: false } },
      };
    case "recent":
      return {
        ...base,
        parentId: "*",
        order: "mod_desc",
        pinFoldersTop: false,
        filters: { kind: { eq: "drive#file" }, trashed: { eq: false } },
      };
    case "starred":
      return { ...base, parentId: "*", filters: { starred: { eq: true }, trashed: { eq: false } } };
    case "trash":
      return { ...base, parentId: view.folderId ?? "", filters: { trashed: { eq: true } } };
  }
}

/** A stable key for a request (a changed key starts the list over). */
export function requestKey(request: ListRequest): string {
  const { limit: _limit, pageToken: _token, ...rest } = request;
  return JSON.stringify(rest);
}

/** The folder whose changes concern a view (`*`: any folder). */
export function watchedFolder(view: DriveView): string {
  return view.kind === "folder" ? view.parentId : "*";
}

/** The view a drive URL shows (`/drive/all` folder or search, `/drive/recent`, `/drive/starred`, `/drive/trash`). */
export function viewFromUrl(pathname: string, params: URLSearchParams): DriveView | undefined {
  const path = pathname.replace(/\/+$/, "");
  if (path === "/drive/recent") return { kind: "recent" };
  if (path === "/drive/starred") return { kind: "starred" };
  if (path === "/drive/trash") return trashView(params);
  if (path !== "/drive/all") return undefined;
  const keyword = params.get("action") === "search" ? (params.get("keyword") ?? "").trim() : "";
  return keyword ? { kind: "search", keyword } : { kind: "folder", parentId: params.get("parent_id") ?? "" };
}

/** `/drive/trash`, or with `?parent_id=` (and `&root=`) a trashed folder inside it. */
export function trashView(params: URLSearchParams): DriveView {
  const folderId = params.get("parent_id") ?? "";
  if (!folderId) return { kind: "trash" };
  return { kind: "trash", folderId, rootId: params.get("root") || folderId };
}

/** The address of a trashed folder opened from the trash (`rootId`: the trashed item above it). */
export function trashFolderPath(folderId: string, rootId: string): string {
  const query = new URLSearchParams({ parent_id: folderId, root: rootId });
  return `/drive/trash?${query}`;
}
