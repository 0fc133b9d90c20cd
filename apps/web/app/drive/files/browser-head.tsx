import type { Ancestor, DriveFile } from "@nimbus/protocol";
import type { ReactNode } from "react";
import { Icon } from "../../components/icon.js";
import * as icons from "../../components/icons.js";
import { useT } from "../../i18n/i18n.js";
import { IsolatedText, isolated } from "../../lib/bidi.js";
import type { DisplayMode } from "../../lib/display-mode.js";
import { Breadcrumbs } from "./breadcrumbs.js";
import { TrashFolderTools } from "./browser-parts.js";
import { type DriveView, trashFolderPath } from "./list-query.js";
import { ViewTools } from "./view-tools.js";

/**
 * The top of a drive page: breadcrumbs, the heading, the page's tools (or, inside a trashed
 * folder, restore and delete of the item it was entered from) and the view tools; inside a
 * trashed folder, the note that it opens read-only.
 */
export function BrowserHead({
  view,
  ancestors,
  path,
  heading,
  trashRoot,
  tools,
  mode,
  setMode,
  sortable,
  onDropInto,
  onRestoreRoot,
  onDeleteRoot,
}: {
  view: DriveView;
  ancestors: readonly Ancestor[];
  /** Inside a trashed folder: the path from the trashed item down. */
  path: readonly Ancestor[];
  heading: string;
  trashRoot: DriveFile | null;
  tools: ReactNode;
  mode: DisplayMode;
  setMode(change: Partial<DisplayMode>): void;
  sortable: boolean;
  onDropInto(folderId: string, name: string, dragged: string[]): void;
  onRestoreRoot(): void;
  onDeleteRoot(): void;
}) {
  const t = useT();
  const trashFolder = view.kind === "trash" && view.folderId ? view : undefined;
  return (
    <>
      <div className="files-head">
        <div className="files-title">
          {view.kind === "folder" && ancestors.length > 0 && (
            <Breadcrumbs ancestors={ancestors.slice(0, -1)} onDropInto={onDropInto} />
          )}
          {trashFolder && (
            <Breadcrumbs
              ancestors={path.slice(0, -1)}
              home={{ name: t("drive.nav.trash"), href: "/drive/trash", icon: icons.trash }}
              hrefOf={(id) => trashFolderPath(id, trashFolder.rootId ?? id)}
            />
          )}
          <h1>
            <bdi>{heading}</bdi>
          </h1>
        </div>
        <div className="files-tools">
          {trashFolder
            ? trashRoot && <TrashFolderTools onRestore={onRestoreRoot} onDelete={onDeleteRoot} />
            : tools}
          <ViewTools mode={mode} onChange={setMode} sortable={sortable} />
        </div>
      </div>
      {trashFolder && trashRoot && (
        <p className="trash-folder-notice" role="note">
          <Icon d={icons.trash} size={18} />
          <span>
            <IsolatedText text={t("files.trashFolder.notice", { name: isolated(trashRoot.name) })} />
          </span>
        </p>
      )}
    </>
  );
}
