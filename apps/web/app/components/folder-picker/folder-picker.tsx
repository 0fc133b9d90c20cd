import type { DriveFile, DriveFileList } from "@nimbus/protocol";
import { type KeyboardEvent, useEffect, useId, useRef, useState } from "react";
import { type ApiResult, errorText } from "../../api/client.js";
import { useT } from "../../i18n/i18n.js";
import { fileIcons } from "../file-icons.js";
import { Icon } from "../icon.js";
import * as icons from "../icons.js";
import { LoadFailed, LoadingLine } from "../load-state.js";
import { ModalDialog } from "../modal-dialog.js";
import { pickerKey, trapTarget } from "./picker-keys.js";
import { PickerPath } from "./picker-path.js";
import "./folder-picker.css";
import { IsolatedText, isolated } from "../../lib/bidi.js";

/** A folder of my drive ('' is the root). */
export interface PickedFolder {
  id: string;
  name: string;
}

type Folders =
  | { kind: "loading" }
  | { kind: "ready"; folders: DriveFile[] }
  | { kind: "failed"; message: string; error: string };

const FOCUSABLE = 'button:not([disabled]), [href], input, select, textarea, [tabindex]:not([tabindex="-1"])';

export interface FolderPickerProps {
  title: string;
  /** The root's name in the path (All files, My Drive). */
  rootName: string;
  /** The confirm button's text (Move here, Copy here, Save here). */
  confirmLabel: string;
  /** Said under the path when the open folder has no folders inside. */
  emptyText: string;
  /** The folders below the root to open first. */
  initialPath?: readonly PickedFolder[];
  /** Finds the folders to open first (the drive asks the item's ancestors); wins over `initialPath`. */
  loadInitialPath?(signal: AbortSignal): Promise<PickedFolder[] | undefined>;
  /** The folders inside `parentId`. */
  listFolders(parentId: string, signal: AbortSignal): Promise<ApiResult<DriveFileList>>;
  /** Folders that cannot be entered nor chosen (the ones being moved). */
  blockedIds?: readonly string[];
  onPick(folder: PickedFolder): void;
  onCancel(): void;
}

/**
 * The one folder picker of the web app (move, copy, save a share to my drive): a modal
 * dialog walking my folders from the root, then the confirm button picks the open
 * folder. Keyboard: Tab stays inside the dialog, arrow keys move in the folder list,
 * ArrowRight/Enter enters a folder, ArrowLeft/Backspace goes up, Escape cancels; focus
 * goes back where it was when the dialog closes.
 */
export function FolderPicker({
  title,
  rootName,
  confirmLabel,
  emptyText,
  initialPath = [],
  loadInitialPath,
  listFolders,
  blockedIds = [],
  onPick,
  onCancel,
}: FolderPickerProps) {
  const t = useT();
  const titleId = useId();
  const listId = useId();
  const dialog = useRef<HTMLDialogElement>(null);
  const list = useRef<HTMLUListElement>(null);
  const root: PickedFolder = { id: "", name: rootName };
  const [path, setPath] = useState<PickedFolder[]>(() => [root, ...initialPath]);
  const [folders, setFolders] = useState<Folders>({ kind: "loading" });
  const [active, setActive] = useState(0);
  /** Where the keyboard focus goes once the next list arrives ("list": its active folder). */
  const focusNext = useRef<"list" | "confirm" | null>("list");
  const here = path[path.length - 1] ?? root;
  const blocked = new Set(blockedIds);

  // biome-ignore lint/correctness/useExhaustiveDependencies: once, when the dialog opens
  useEffect(() => {
    if (!loadInitialPath) return;
    const controller = new AbortController();
    loadInitialPath(controller.signal).then(
      (found) => {
        if (!found) return;
        focusNext.current = "list";
        setPath([root, ...found]);
      },
      () => {},
    );
    return () => controller.abort();
  }, []);

  const [attempt, setAttempt] = useState(0);
  // biome-ignore lint/correctness/useExhaustiveDependencies: the callers' functions and t are stable per page; attempt asks again
  useEffect(() => {
    const controller = new AbortController();
    setFolders({ kind: "loading" });
    setActive(0);
    listFolders(here.id, controller.signal).then(
      (result) =>
        setFolders(
          result.ok
            ? { kind: "ready", folders: result.data.files }
            : { kind: "failed", message: errorText(result.error, t), error: result.error.error },
        ),
      () => {},
    );
    return () => controller.abort();
  }, [here.id, attempt]);

  // Focus follows the keyboard: the active folder once a list is there.
  useEffect(() => {
    if (folders.kind === "loading" || !focusNext.current) return;
    const target = focusNext.current;
    focusNext.current = null;
    const buttons = list.current?.querySelectorAll<HTMLButtonElement>("button.picker-folder");
    const button = target === "list" ? buttons?.[active] : undefined;
    if (button) button.focus();
    else dialog.current?.querySelector<HTMLButtonElement>(".picker-confirm")?.focus();
  }, [folders, active]);

  const shown = folders.kind === "ready" ? folders.folders : [];
  const open = (folder: PickedFolder) => {
    focusNext.current = "list";
    setPath([...path, { id: folder.id, name: folder.name }]);
  };
  const goTo = (depth: number) => {
    if (depth === path.length - 1) return;
    focusNext.current = "list";
    setPath(path.slice(0, depth + 1));
  };
  const focusFolder = (index: number) => {
    setActive(index);
    list.current?.querySelectorAll<HTMLButtonElement>("button.picker-folder")[index]?.focus();
  };

  const onListKey = (event: KeyboardEvent<HTMLUListElement>) => {
    const outcome = pickerKey(event.key, active, shown.length, (i) => blocked.has(shown[i]?.id ?? ""));
    if (outcome.kind === "none") return;
    event.preventDefault();
    if (outcome.kind === "focus") focusFolder(outcome.index);
    else if (outcome.kind === "enter") {
      const folder = shown[outcome.index];
      if (folder) open(folder);
    } else if (path.length > 1) goTo(path.length - 2);
  };

  const onDialogKey = (event: KeyboardEvent<HTMLDialogElement>) => {
    if (event.key !== "Tab" || !dialog.current) return;
    const focusable = [...dialog.current.querySelectorAll<HTMLElement>(FOCUSABLE)].filter(
      (element) => element.getClientRects().length > 0,
    );
    const target = trapTarget(focusable, document.activeElement as HTMLElement | null, event.shiftKey);
    if (!target) return;
    event.preventDefault();
    target.focus();
  };

  return (
    <ModalDialog
      className="modal-surface folder-picker"
      labelledBy={titleId}
      dialogRef={dialog}
      onKeyDown={onDialogKey}
      onDismiss={onCancel}
    >
      <header className="folder-picker-head">
        <h2 id={titleId}>{title}</h2>
        <button type="button" className="icon-button" aria-label={t("common.close")} onClick={onCancel}>
          <Icon d={icons.close} />
        </button>
      </header>
      <PickerPath path={path} onGoTo={goTo} />
      <div className="folder-picker-folders" aria-busy={folders.kind === "loading"}>
        {folders.kind === "loading" && <LoadingLine />}
        {folders.kind === "failed" && (
          <LoadFailed
            message={folders.message}
            error={folders.error}
            retry={() => setAttempt((n) => n + 1)}
          />
        )}
        {folders.kind === "ready" && shown.length === 0 && <p className="muted">{emptyText}</p>}
        {shown.length > 0 && (
          <ul
            id={listId}
            ref={list}
            aria-label={t("picker.folders", { name: here.name })}
            onKeyDown={onListKey}
          >
            {shown.map((folder, index) => {
              const isBlocked = blocked.has(folder.id);
              return (
                <li key={folder.id}>
                  <button
                    type="button"
                    className="picker-folder"
                    tabIndex={index === active ? 0 : -1}
                    aria-disabled={isBlocked || undefined}
                    onFocus={() => setActive(index)}
                    onClick={() => !isBlocked && open(folder)}
                  >
                    <Icon d={icons.folder} />
                    <span>
                      <bdi>{folder.name}</bdi>
                    </span>
                    <Icon d={fileIcons.chevronRight} size={16} />
                  </button>
                </li>
              );
            })}
          </ul>
        )}
      </div>
      <p className="visually-hidden" role="status">
        {folders.kind === "ready" ? (
          <IsolatedText text={t("picker.location", { name: isolated(here.name), count: shown.length })} />
        ) : (
          ""
        )}
      </p>
      <div className="folder-picker-actions">
        <button type="button" className="button" onClick={onCancel}>
          {t("picker.cancel")}
        </button>
        <button
          type="button"
          className="button primary picker-confirm"
          disabled={blocked.has(here.id)}
          onClick={() => onPick(here)}
        >
          {confirmLabel}
        </button>
      </div>
    </ModalDialog>
  );
}
