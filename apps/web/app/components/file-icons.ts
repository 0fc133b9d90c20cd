import type { DriveFile } from "@nimbus/protocol";
import { fileCategory } from "../lib/file-types.js";
import * as icons from "./icons.js";

/** Line icons the file browser needs beyond components/icons.ts (24×24 path data). */
export const fileIcons = {
  file: "M6 3h8l4 4v14H6zm8 0v4h4",
  image: "M4 5h16v14H4zm0 11 5-5 4 4 2-2 5 5M15.5 9.5a1 1 0 1 0 0 .1",
  video: "M4 6h12v12H4zm12 4 4-2v8l-4-2",
  audio: "M9 17V5l10-2v12M9 17a3 3 0 1 1-3-3 3 3 0 0 1 3 3zm10-2a3 3 0 1 1-3-3 3 3 0 0 1 3 3z",
  archive: "M5 4h14v16H5zm6 0v2h2v2h-2v2h2v2h-2",
  document: "M6 3h8l4 4v14H6zm3 8h6m-6 4h6m-6-8h2",
  torrent: "M6 4v8a6 6 0 0 0 12 0V4h-4v8a2 2 0 0 1-4 0V4z",
  more: "M12 5.5v.01M12 12v.01M12 18.5v.01",
  grid: "M4 4h7v7H4zm9 0h7v7h-7zM4 13h7v7H4zm9 0h7v7h-7z",
  flow: "M3 5h8v6H3zm10 0h8v9h-8zM3 13h8v6H3zm10 3h8v3h-8z",
  list: "M8 6h12M8 12h12M8 18h12M4 6h.01M4 12h.01M4 18h.01",
  sort: "M7 4v16m-3-3 3 3 3-3M17 20V4m-3 3 3-3 3 3",
  folderPlus: "M3 6a1 1 0 0 1 1-1h5l2 2h9a1 1 0 0 1 1 1v10a1 1 0 0 1-1 1H4a1 1 0 0 1-1-1zm9 4v6m-3-3h6",
  pencil: "M4 20h4L19 9l-4-4L4 16zm9-13 4 4",
  move: "M3 6a1 1 0 0 1 1-1h5l2 2h9a1 1 0 0 1 1 1v10a1 1 0 0 1-1 1H4a1 1 0 0 1-1-1zm8 7h6m-2-2 2 2-2 2",
  copy: "M8 8h11v12H8zM5 16V4h11",
  restore: "M4 12a8 8 0 1 0 2.3-5.6M4 4v4h4",
  home: "M4 11 12 4l8 7v9h-5v-6H9v6H4z",
  chevronRight: "M9 6l6 6-6 6",
  starFilled: "M12 3l2.8 5.7 6.2.9-4.5 4.4 1 6.2-5.5-2.9-5.5 2.9 1-6.2L3 9.6l6.2-.9z",
  deleteForever: "M4 7h16M9 7V4h6v3M6 7l1 13h10l1-13M10 11l4 4m0-4-4 4",
  selectAll: "M4 4h16v16H4zm4 8 3 3 5-6",
  checkbox: "M4 4h16v16H4z",
} as const;

const DOCUMENT_EXTENSIONS = /\.(pdf|docx?|xlsx?|pptx?|txt|md|rtf|odt|csv|json|epub)$/i;

/** The icon of an item: folder, or its file category. */
export function itemIcon(file: Pick<DriveFile, "kind" | "name" | "mime_type">): string {
  if (file.kind === "drive#folder") return icons.folder;
  const category = fileCategory(file);
  if (category !== "other") return fileIcons[category];
  return DOCUMENT_EXTENSIONS.test(file.name) ? fileIcons.document : fileIcons.file;
}

/** A category name for styling the icon's colour. */
export function itemTone(file: Pick<DriveFile, "kind" | "name" | "mime_type">): string {
  if (file.kind === "drive#folder") return "folder";
  const category = fileCategory(file);
  if (category !== "other") return category;
  return DOCUMENT_EXTENSIONS.test(file.name) ? "document" : "other";
}
