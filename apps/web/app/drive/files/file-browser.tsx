import type { DriveFile } from "@nimbus/protocol";
import { lazy, type ReactNode, Suspense, useCallback, useEffect, useMemo, useRef } from "react";
import { useNavigate } from "react-router";
import { useLayoutState } from "../../components/platform/layout-state.js";
import { Toasts, useToasts } from "../../components/toasts.js";
import { useHydrated } from "../../components/use-hydrated.js";
import { useLocale, useT } from "../../i18n/i18n.js";
import { savedViewType } from "../../lib/display-mode.js";
import { useDriveSession } from "../../session/session.js";
import { useFeature } from "../../site/remote-config.js";
import { onDriveDrop } from "../drive-events.js";
import { useRemoteChanges } from "../use-remote-changes.js";
import { filesApi } from "./api.js";
import { BrowserContent } from "./browser-content.js";
import type { DialogState } from "./browser-dialogs.js";
import { BrowserHead } from "./browser-head.js";
import { ListHeader, SelectionBar } from "./browser-parts.js";
import { useBrowserState } from "./browser-state.js";
import { ContextMenu } from "./context-menu.js";
import type { FirstPage } from "./first-page.js";
import type { LayoutView } from "./geometry.js";
import { type DriveView, listRequest, watchedFolder } from "./list-query.js";
import { menuEntries } from "./menu-entries.js";
import { NO_SELECTION, reconcile, selectedInOrder, selectOnly } from "./selection.js";
import { useBrowserPageActions } from "./use-browser-page-actions.js";
import { useDisplayMode } from "./use-display-mode.js";
import { useDrivePath } from "./use-drive-path.js";
import { useFileActions } from "./use-file-actions.js";
import { useFileList } from "./use-file-list.js";
import { useListHandlers } from "./use-list-handlers.js";
import { useLocations } from "./use-locations.js";
import "./files.css";

/** The modal dialogs (folder picker, confirmations, new folder), loaded when one first opens. */
const BrowserDialogs = lazy(() =>
  import("./browser-dialogs.js").then((module) => ({ default: module.BrowserDialogs })),
);

interface BrowserHelpers {
  openDialog(dialog: DialogState): void;
  count: number;
}

/**
 * A drive page's file list: header (breadcrumbs, title, tools), the virtualized
 * list or grid with selection, keyboard, context menu and drag-and-drop, the
 * selection bar, dialogs and notices. `view` says which list it is.
 */
export function FileBrowser({
  view,
  title,
  empty,
  tools,
  banner,
  firstPage,
}: {
  view: DriveView;
  /** Shown above the list (the cloud-download card of `?action=create_task`). */
  banner?: ReactNode;
  /** The first page the route loader brought (see first-page.server.ts). */
  firstPage?: FirstPage | null;
  title: string;
  /** What an empty list shows; a function gets the dialogs, so its actions can open "New folder". */
  empty: ReactNode | ((helpers: BrowserHelpers) => ReactNode);
  tools?: (helpers: BrowserHelpers) => ReactNode;
}) {
  const t = useT();
  const cloudDownload = useFeature("cloud_download");
  const locale = useLocale();
  const navigate = useNavigate();
  const api = useMemo(() => filesApi(locale), [locale]);
  const { session } = useDriveSession();
  const { isMobile } = useLayoutState();
  const [mode, setMode] = useDisplayMode();
  // The photo flow is offered but, as spec §3 says of unsupported types, saved as grid.
  const viewType: LayoutView = mode.viewType === "flow" ? "flow" : savedViewType(mode.viewType);
  const signedIn = session.status !== "signed-out";
  const list = useFileList(api, listRequest(view, mode), watchedFolder(view), signedIn, firstPage);
  useRemoteChanges(session.status === "ready");
  const hydrated = useHydrated();
  const [toasts, toast, dismiss] = useToasts();
  const actions = useFileActions(api, list, view, toast);
  const gathered = view.kind === "search" || view.kind === "starred" || view.kind === "recent";
  const locations = useLocations(api, list.items, gathered, t("files.root"));
  const [state, set] = useBrowserState();
  const { selection, renamingId, menu, dialog } = state;
  const pointer = useRef("mouse");
  const inTrash = view.kind === "trash";
  const { ancestors, path, trashFolder, trashRoot } = useDrivePath(api, view);
  const parentId = view.kind === "folder" ? view.parentId : "";
  const viewKey = JSON.stringify(view);
  const sortable = view.kind === "folder" || view.kind === "search" || view.kind === "starred";

  const { items } = list;
  const ids = useMemo(() => items.map((f) => f.id), [items]);
  useEffect(() => set.selection((s) => reconcile(s, ids)), [ids, set]);
  // biome-ignore lint/correctness/useExhaustiveDependencies: a new list starts unselected
  useEffect(() => set.reset(), [viewKey]);

  const selected = useMemo(
    () => selectedInOrder(selection, ids).map((id) => items[ids.indexOf(id)] as DriveFile),
    [selection, ids, items],
  );
  const folderName = (id: string) =>
    id === ""
      ? t("files.root")
      : (ancestors.find((a) => a.id === id)?.name ?? items.find((f) => f.id === id)?.name ?? "");

  const entries = menuEntries(
    selected,
    trashFolder ? "inside-trash" : inTrash ? "trash" : "drive",
    t,
    {
      open: () => selected[0] && actions.open(selected[0], items),
      download: () => void actions.download(selected),
      rename: () => selected[0] && set.renaming(selected[0].id),
      move: () => set.dialog({ kind: "move", files: selected }),
      copy: () => set.dialog({ kind: "copy", files: selected }),
      star: (starred: boolean) => void actions.star(selected, starred),
      copyLink: () => selected[0] && void actions.copyLink(selected[0]),
      trash: () => void actions.trash(selected),
      restore: () => void actions.restore(selected),
      deleteForever: () => set.dialog({ kind: "delete", files: selected }),
    },
    { cloudDownload },
  );

  const onDropInto = useCallback(
    (folderId: string, name: string, dragged: string[]) => {
      const moving = items.filter((f) => dragged.includes(f.id) && f.id !== folderId);
      void actions.move(moving, folderId, name);
    },
    [items, actions],
  );
  // Items dropped onto the sidebar's "All files" move to the root the same way.
  useEffect(
    () => onDriveDrop(({ parentId: target, name, ids: dragged }) => onDropInto(target, name, dragged)),
    [onDropInto],
  );
  const { openMenuAt, ...handlers } = useListHandlers({
    ...{ items, ids, selection, selected, set, actions, pointer, inTrash, onDropInto },
    inTrashFolder: trashFolder !== undefined,
  });
  useBrowserPageActions({
    ...{ items, ids, api, setSelection: set.selection, reveal: set.reveal, setDialog: set.dialog },
  });

  const leaveTrashFolder = () => navigate("/drive/trash");
  const heading = trashFolder
    ? (path[path.length - 1]?.name ?? "")
    : title || ancestors[ancestors.length - 1]?.name || "";
  // Rows show as soon as they come, whether or not the profile has arrived yet.
  const loading = list.initial;
  const helpers = { openDialog: set.dialog, count: items.length };

  return (
    <main
      id="main"
      className="drive-main files-main"
      data-first-page={firstPage ? "" : undefined}
      data-selecting={selected.length > 0 ? "" : undefined}
      onPointerDownCapture={(event) => {
        pointer.current = event.pointerType;
      }}
    >
      {banner}
      <BrowserHead
        {...{ view, ancestors, path, heading, trashRoot, mode, setMode, sortable, onDropInto }}
        tools={tools?.(helpers)}
        onRestoreRoot={async () => {
          if (trashRoot && (await actions.restore([trashRoot]))) void leaveTrashFolder();
        }}
        onDeleteRoot={() =>
          trashRoot && set.dialog({ kind: "delete", files: [trashRoot], afterDelete: leaveTrashFolder })
        }
      />
      {selected.length > 0 ? (
        <SelectionBar
          count={selected.length}
          entries={entries}
          onMore={(anchor) => {
            const rect = anchor.getBoundingClientRect();
            openMenuAt(rect.right - 200, rect.bottom + 4, anchor);
          }}
          onClear={() => set.selection(NO_SELECTION)}
        />
      ) : (
        <p className="list-summary muted">
          {loading ? "" : t(list.hasMore ? "files.countMore" : "files.count", { count: items.length })}
        </p>
      )}
      <BrowserContent
        {...handlers}
        signedOut={!signedIn || list.error?.status === 401}
        loading={loading}
        hydrated={hydrated}
        error={list.error}
        retry={list.refresh}
        hasMore={list.hasMore}
        emptyState={trashFolder ? null : typeof empty === "function" ? empty(helpers) : empty}
        items={items}
        view={viewType}
        phone={isMobile}
        selection={selection}
        renamingId={renamingId}
        label={heading || t("files.root")}
        scrollToken={state.scrollToken}
        readOnly={inTrash}
        locations={locations}
        header={
          viewType === "list" && !isMobile ? (
            <ListHeader mode={mode} sortable={sortable} onChange={setMode} trash={inTrash} />
          ) : undefined
        }
        onNearEnd={list.loadMore}
      />
      {menu && entries.length > 0 && (
        <ContextMenu
          label={t("files.menu.label")}
          entries={entries}
          placement={menu}
          onClose={() => set.menu(null)}
        />
      )}
      {dialog && (
        <Suspense fallback={null}>
          <BrowserDialogs
            dialog={dialog}
            close={() => set.dialog(null)}
            api={api}
            actions={actions}
            parentId={parentId}
            folderName={folderName}
            onCreated={(file) => {
              const index = ids.indexOf(file.id);
              if (index >= 0) set.selection(selectOnly(ids, index));
            }}
            onRenameAgain={(file) => set.renaming(file.id)}
          />
        </Suspense>
      )}
      <Toasts toasts={toasts} dismiss={dismiss} />
    </main>
  );
}
