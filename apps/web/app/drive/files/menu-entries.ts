import type { DriveFile } from "@nimbus/protocol";
import { fileIcons } from "../../components/file-icons.js";
import * as icons from "../../components/icons.js";
import type { Translate } from "../../i18n/i18n.js";
import { requestShare } from "../../lib/share-events.js";
import { requestCloudDownload } from "../tasks/cloud-download-events.js";
import type { MenuEntry } from "./context-menu.js";

/** What the browser does for an entry; the entries only name and order them. */
export interface EntryHandlers {
  open(): void;
  download(): void;
  rename(): void;
  move(): void;
  copy(): void;
  star(starred: boolean): void;
  copyLink(): void;
  trash(): void;
  restore(): void;
  deleteForever(): void;
}

/**
 * Where the selection is: the drive, the trash's top level, or inside a trashed folder
 * (read-only: items there only open; restore and delete act on the trashed folder).
 */
export type MenuPlace = "drive" | "trash" | "inside-trash";

/** The actions for a selection, in menu order (context menu, ⋮, the selection bar). */
export function menuEntries(
  files: readonly DriveFile[],
  place: MenuPlace,
  t: Translate,
  run: EntryHandlers,
  /** Services the remote config switched on (absent: on). */
  services: { cloudDownload?: boolean } = {},
): MenuEntry[] {
  if (files.length === 0) return [];
  const one = files.length === 1 ? files[0] : undefined;
  const openEntry: MenuEntry = {
    id: "open",
    label: t("files.action.open"),
    icon: fileIcons.file,
    run: run.open,
  };
  if (place === "inside-trash") return one ? [openEntry] : [];
  if (place === "trash")
    return [
      ...(one?.kind === "drive#folder" ? [openEntry] : []),
      { id: "restore", label: t("files.action.restore"), icon: fileIcons.restore, run: run.restore },
      {
        id: "delete-forever",
        label: t("files.action.deleteForever"),
        icon: fileIcons.deleteForever,
        danger: true,
        run: run.deleteForever,
      },
    ];
  const allStarred = files.every((f) => f.starred);
  const entries: (MenuEntry | false | undefined)[] = [
    one && openEntry,
    services.cloudDownload !== false &&
      one?.kind === "drive#file" &&
      /\.torrent$/i.test(one.name) && {
        id: "cloud-download",
        label: t("tasks.openWithCloudDownload"),
        icon: icons.magnet,
        run: () => requestCloudDownload({ fileId: one.id, fileName: one.name }),
      },
    { id: "download", label: t("files.action.download"), icon: icons.download, run: run.download },
    {
      id: "share",
      label: t("shares.action.share"),
      icon: icons.share,
      run: () => requestShare(files.map((f) => f.id)),
    },
    one && { id: "rename", label: t("files.action.rename"), icon: fileIcons.pencil, run: run.rename },
    { id: "move", label: t("files.action.move"), icon: fileIcons.move, run: run.move },
    { id: "copy", label: t("files.action.copy"), icon: fileIcons.copy, run: run.copy },
    {
      id: allStarred ? "unstar" : "star",
      label: t(allStarred ? "files.action.unstar" : "files.action.star"),
      icon: allStarred ? fileIcons.starFilled : icons.star,
      run: () => run.star(!allStarred),
    },
    one?.kind === "drive#file" && {
      id: "copy-link",
      label: t("files.action.copyLink"),
      icon: icons.link,
      run: run.copyLink,
    },
    { id: "trash", label: t("files.action.trash"), icon: icons.trash, danger: true, run: run.trash },
  ];
  return entries.filter((entry): entry is MenuEntry => Boolean(entry));
}
