import type { DriveFile } from "@nimbus/protocol";
import { ORDER_TYPE, type SharedDisplayMode } from "../lib/display-mode.js";

/** Code-point order, like the server's name sort (decision 0008). */
function compareNames(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}

function compareBy(orderType: SharedDisplayMode["orderType"]): (a: DriveFile, b: DriveFile) => number {
  switch (orderType) {
    case ORDER_TYPE.NAME_ASC:
      return (a, b) => compareNames(a.name, b.name);
    case ORDER_TYPE.NAME_DESC:
      return (a, b) => compareNames(b.name, a.name);
    case ORDER_TYPE.SIZE_ASC:
      return (a, b) => Number(a.size) - Number(b.size) || compareNames(a.name, b.name);
    case ORDER_TYPE.SIZE_DESC:
      return (a, b) => Number(b.size) - Number(a.size) || compareNames(a.name, b.name);
    case ORDER_TYPE.MODIFY_TIME_ASC:
      return (a, b) =>
        Date.parse(a.modified_time) - Date.parse(b.modified_time) || compareNames(a.name, b.name);
    case ORDER_TYPE.TYPE_DESC:
      return (a, b) => compareNames(b.file_extension, a.file_extension) || compareNames(a.name, b.name);
    default:
      return (a, b) =>
        Date.parse(b.modified_time) - Date.parse(a.modified_time) || compareNames(a.name, b.name);
  }
}

/**
 * The loaded items of a share in the shared display mode's order (the share API
 * has no order of its own), folders first when the mode pins them.
 */
export function sortSharedFiles(files: readonly DriveFile[], mode: SharedDisplayMode): DriveFile[] {
  const compare = compareBy(mode.orderType);
  return [...files].sort((a, b) => {
    if (mode.pinFoldersTop) {
      const folders = Number(b.kind === "drive#folder") - Number(a.kind === "drive#folder");
      if (folders !== 0) return folders;
    }
    return compare(a, b);
  });
}
