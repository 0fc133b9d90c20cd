import type { Ancestor, DriveFile } from "@nimbus/protocol";
import { lazy, type ReactNode, Suspense, useCallback, useEffect, useMemo, useRef, useState } from "react";
import { useNavigate } from "react-router";
import { EmptyState } from "../../components/empty-state.js";
import { Icon } from "../../components/icon.js";
import * as icons from "../../components/icons.js";
import { useLayoutState } from "../../components/platform/layout-state.js";
import { Toasts, useToasts } from "../../components/toasts.js";
import { useHydrated } from "../../components/use-hydrated.js";
import { useLocale, useT } from "../../i18n/i18n.js";
import { savedViewType } from "../../lib/display-mode.js";
import { useDriveSession } from "../../session/session.js";
import { useFeature } from "../../site/remote-config.js";
import { onDriveDrop } from "../drive-events.js";
import { SignInPrompt } from "../sign-in-prompt.js";
import { useRemoteChanges } from "../use-remote-changes.js";
import { filesApi } from "./api.js";
import { Breadcrumbs } from "./breadcrumbs.js";
import type { DialogState } from "./browser-dialogs.js";
import {
  ListError,
  ListHeader,
  ListSkeleton,
  SelectionBar,
  StaticCards,
  TrashFolderTools,
} from "./browser-parts.js";
import { ContextMenu, type MenuPlacement } from "./context-menu.js";
import { FileView } from "./file-view.js";
import type { FirstPage } from "./first-page.js";
import type { LayoutView } from "./geometry.js";
import { type DriveView, listRequest, trashFolderPath, watchedFolder } from "./list-query.js";
import { menuEntries } from "./menu-entries.js";
import {
  clickOutcome,
  NO_SELECTION,
  reconcile,
  selectBox,
  selectedInOrder,
  selectOnly,
  toggle,
} from "./selection.js";
import { useBrowserPageActions } from "./use-browser-page-actions.js";
import { useDisplayMode } from "./use-display-mode.js";
import { useFileActions } from "./use-file-actions.js";
import { useFileList } from "./use-file-list.js";
import { listKeyDown } from "./use-list-keyboard.js";
import { useLocations } from "./use-locations.js";
import { ViewTools } from "./view-tools.js";
import "./files.css";
import { IsolatedText, isolated } from "../../lib/bidi.js";

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
  const list = useFileList(
    api,
    listRequest(view, mode),
    watchedFolder(view),
    session.status !== "signed-out",
    firstPage,
  );
  useRemoteChanges(session.status === "ready");
  // Cards are laid out from the measured width, which the server cannot know: before the
  // page runs, the first cards are laid out by CSS alone (StaticCards).
  const hydrated = useHydrated();
  const [toasts, toast, dismiss] = useToasts();
  const actions = useFileActions(api, list, view, toast);
  const locations = useLocations(
    api,
    list.items,
    view.kind === "search" || view.kind === "starred" || view.kind === "recent",
    t("files.root"),
  );
  const [selection, setSelection] = useState(NO_SELECTION);
  const [renamingId, setRenamingId] = useState<string | null>(null);
  const [menu, setMenu] = useState<MenuPlacement | null>(null);
  const [dialog, setDialog] = useState<DialogState>(null);
  const [scrollToken, setScrollToken] = useState(0);
  const [ancestors, setAncestors] = useState<Ancestor[]>([]);
  const pointer = useRef("mouse");
  const inTrash = view.kind === "trash";
  const trashFolder = view.kind === "trash" && view.folderId ? view : undefined;
  const trashRootId = trashFolder?.rootId ?? "";
  const [trashRoot, setTrashRoot] = useState<DriveFile | null>(null);
  const parentId = view.kind === "folder" ? view.parentId : "";
  const pathOf = view.kind === "folder" ? view.parentId : (trashFolder?.folderId ?? "");
  const viewKey = JSON.stringify(view);
  const sortable = view.kind === "folder" || view.kind === "search" || view.kind === "starred";

  const { items } = list;
  const ids = useMemo(() => items.map((f) => f.id), [items]);
  useEffect(() => setSelection((s) => reconcile(s, ids)), [ids]);
  // biome-ignore lint/correctness/useExhaustiveDependencies: a new list starts unselected
  useEffect(() => {
    setSelection(NO_SELECTION);
    setRenamingId(null);
  }, [viewKey]);

  useEffect(() => {
    if (!pathOf) return setAncestors([]);
    const controller = new AbortController();
    api.ancestors(pathOf, controller.signal).then(
      (result) => result.ok && setAncestors(result.data.ancestors),
      () => {},
    );
    return () => controller.abort();
  }, [api, pathOf]);

  // The trashed item a trashed folder was entered from: restore and delete act on it.
  useEffect(() => {
    setTrashRoot(null);
    if (!trashRootId) return;
    let live = true;
    api.get(trashRootId).then(
      (result) => live && result.ok && result.data.trashed && setTrashRoot(result.data),
      () => {},
    );
    return () => {
      live = false;
    };
  }, [api, trashRootId]);
  /** Inside the trash the path starts at the trashed item (its own folders are not in the trash). */
  const path = useMemo(() => {
    if (!trashFolder) return ancestors;
    const at = ancestors.findIndex((a) => a.id === trashFolder.rootId);
    return at >= 0 ? ancestors.slice(at) : ancestors.slice(-1);
  }, [ancestors, trashFolder]);

  const selected = useMemo(
    () => selectedInOrder(selection, ids).map((id) => items[ids.indexOf(id)] as DriveFile),
    [selection, ids, items],
  );
  const folderName = (id: string) =>
    id === ""
      ? t("files.root")
      : (ancestors.find((a) => a.id === id)?.name ?? items.find((f) => f.id === id)?.name ?? "");

  const handlers = (files: DriveFile[]) => ({
    open: () => files[0] && actions.open(files[0], items),
    download: () => void actions.download(files),
    rename: () => files[0] && setRenamingId(files[0].id),
    move: () => setDialog({ kind: "move", files }),
    copy: () => setDialog({ kind: "copy", files }),
    star: (starred: boolean) => void actions.star(files, starred),
    copyLink: () => files[0] && void actions.copyLink(files[0]),
    trash: () => void actions.trash(files),
    restore: () => void actions.restore(files),
    deleteForever: () => setDialog({ kind: "delete", files }),
  });
  const entries = menuEntries(
    selected,
    trashFolder ? "inside-trash" : inTrash ? "trash" : "drive",
    t,
    handlers(selected),
    { cloudDownload },
  );

  const openMenuAt = (x: number, y: number, returnFocus?: HTMLElement | null) =>
    setMenu({ x, y, returnFocus: returnFocus ?? document.querySelector<HTMLElement>(".file-view") });
  const openMenuFor = (index: number, x: number, y: number, anchor?: HTMLElement) => {
    const id = ids[index];
    if (id && !selection.ids.has(id)) setSelection(selectOnly(ids, index));
    openMenuAt(x, y, anchor);
  };

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

  const leaveTrashFolder = () => navigate("/drive/trash");

  useBrowserPageActions({
    items,
    ids,
    api,
    setSelection,
    reveal: () => setScrollToken((n) => n + 1),
    setDialog,
  });

  const heading = trashFolder
    ? (path[path.length - 1]?.name ?? "")
    : title || ancestors[ancestors.length - 1]?.name || "";
  // Rows show as soon as they come, whether or not the profile has arrived yet.
  const loading = list.initial;
  const signedOut = session.status === "signed-out" || list.error?.status === 401;
  let content: ReactNode;
  if (signedOut) content = <SignInPrompt />;
  else if (loading && !list.error) content = <ListSkeleton view={viewType} />;
  else if (!hydrated && viewType !== "list" && items.length > 0)
    content = <StaticCards items={items} view={viewType} label={heading || t("files.root")} />;
  else if (list.error && items.length === 0) content = <ListError error={list.error} retry={list.refresh} />;
  else if (items.length === 0 && !list.hasMore)
    content = trashFolder ? (
      <EmptyState icon={icons.folder} prefix="files.trashFolder.empty" />
    ) : typeof empty === "function" ? (
      empty({ openDialog: setDialog, count: 0 })
    ) : (
      empty
    );
  else
    content = (
      <FileView
        items={items}
        view={viewType}
        phone={isMobile}
        selection={selection}
        renamingId={renamingId}
        hasMore={list.hasMore}
        label={heading || t("files.root")}
        scrollToken={scrollToken}
        readOnly={inTrash}
        locations={locations}
        header={
          viewType === "list" && !isMobile ? (
            <ListHeader mode={mode} sortable={sortable} onChange={setMode} trash={inTrash} />
          ) : undefined
        }
        onNearEnd={list.loadMore}
        onItemClick={(index, event) => {
          const input = { shift: event.shiftKey, ctrl: event.ctrlKey || event.metaKey };
          const next = clickOutcome(selection, ids, index, { ...input, touch: pointer.current !== "mouse" });
          if (next !== "open") setSelection(next);
          else if (items[index]) actions.open(items[index], items);
        }}
        onOpen={(index) => {
          const file = items[index];
          if (file && pointer.current === "mouse") actions.open(file, items);
        }}
        onContextMenu={(index, x, y) => {
          if (pointer.current === "touch") setSelection(toggle(selection, ids, index));
          else openMenuFor(index, x, y);
        }}
        onMenu={(index, anchor) => {
          const rect = anchor.getBoundingClientRect();
          openMenuFor(index, rect.left, rect.bottom + 4, anchor);
        }}
        onCheck={(index) => setSelection(toggle(selection, ids, index))}
        onRename={(file, name) => {
          setRenamingId(null);
          document.querySelector<HTMLElement>(".file-view")?.focus();
          if (name !== null)
            void actions.rename(file, name).then((outcome) => {
              if (outcome === "clash") setDialog({ kind: "rename-clash", file, name: name.trim() });
            });
        }}
        onBox={(covered, additive) =>
          setSelection(selectBox(ids, covered, additive ? selection.ids : undefined))
        }
        onBackground={() => setSelection(NO_SELECTION)}
        onKeyDown={(event, g) =>
          listKeyDown(event, g, {
            ids,
            selection,
            setSelection,
            open: (index) => items[index] && actions.open(items[index], items),
            rename: () => !inTrash && selected.length === 1 && setRenamingId(selected[0]?.id ?? null),
            remove: () => {
              if (trashFolder) return;
              if (inTrash) setDialog({ kind: "delete", files: selected });
              else void actions.trash(selected);
            },
            menu: () => {
              const row =
                document.querySelector(".file-item.focused") ?? document.querySelector(".file-item");
              const rect = row?.getBoundingClientRect();
              if (rect && selected.length) openMenuAt(rect.left + 40, rect.bottom);
            },
            reveal: () => setScrollToken((n) => n + 1),
          })
        }
        dragIds={(index) => {
          const id = ids[index] as string;
          return selection.ids.has(id) ? [...selection.ids] : [id];
        }}
        onDropInto={(index, dragged) => {
          const folder = items[index];
          if (folder) onDropInto(folder.id, folder.name, dragged);
        }}
      />
    );

  return (
    <main
      id="main"
      className="drive-main files-main"
      data-first-page={firstPage ? "" : undefined}
      onPointerDownCapture={(event) => {
        pointer.current = event.pointerType;
      }}
    >
      {banner}
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
            ? trashRoot && (
                <TrashFolderTools
                  onRestore={async () => {
                    if (await actions.restore([trashRoot])) void leaveTrashFolder();
                  }}
                  onDelete={() =>
                    setDialog({ kind: "delete", files: [trashRoot], afterDelete: leaveTrashFolder })
                  }
                />
              )
            : tools?.({ openDialog: setDialog, count: items.length })}
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
      {selected.length > 0 ? (
        <SelectionBar
          count={selected.length}
          entries={entries}
          onMore={(anchor) => {
            const rect = anchor.getBoundingClientRect();
            openMenuAt(rect.right - 200, rect.bottom + 4, anchor);
          }}
          onClear={() => setSelection(NO_SELECTION)}
        />
      ) : (
        <p className="list-summary muted">
          {loading ? "" : t(list.hasMore ? "files.countMore" : "files.count", { count: items.length })}
        </p>
      )}
      {content}
      {menu && entries.length > 0 && (
        <ContextMenu
          label={t("files.menu.label")}
          entries={entries}
          placement={menu}
          onClose={() => setMenu(null)}
        />
      )}
      {dialog && (
        <Suspense fallback={null}>
          <BrowserDialogs
            dialog={dialog}
            close={() => setDialog(null)}
            api={api}
            actions={actions}
            parentId={parentId}
            folderName={folderName}
            onCreated={(file) => {
              const index = ids.indexOf(file.id);
              if (index >= 0) setSelection(selectOnly(ids, index));
            }}
            onRenameAgain={(file) => setRenamingId(file.id)}
          />
        </Suspense>
      )}
      <Toasts toasts={toasts} dismiss={dismiss} />
    </main>
  );
}
