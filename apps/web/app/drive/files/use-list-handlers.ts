import type { DriveFile } from "@nimbus/protocol";
import { type RefObject, useMemo, useRef } from "react";
import type { BrowserSetters } from "./browser-state.js";
import type { FileViewProps } from "./file-view.js";
import { clickOutcome, NO_SELECTION, type Selection, selectBox, selectOnly, toggle } from "./selection.js";
import type { FileActions } from "./use-file-actions.js";
import { listKeyDown } from "./use-list-keyboard.js";

export interface ListInput {
  items: readonly DriveFile[];
  ids: readonly string[];
  selection: Selection;
  selected: readonly DriveFile[];
  set: BrowserSetters;
  actions: FileActions;
  /** The pointer of the last press ("mouse", "touch", "pen"): a touch selects where a mouse opens. */
  pointer: RefObject<string>;
  inTrash: boolean;
  inTrashFolder: boolean;
  onDropInto(folderId: string, name: string, dragged: string[]): void;
}

type Handlers = Pick<
  FileViewProps,
  | "onItemClick"
  | "onOpen"
  | "onContextMenu"
  | "onMenu"
  | "onCheck"
  | "onRename"
  | "onBox"
  | "onBackground"
  | "onKeyDown"
  | "dragIds"
  | "onDropInto"
> & { openMenuAt(x: number, y: number, returnFocus?: HTMLElement | null): void };

/**
 * What the list does on clicks, keys, menus, renames and drops. The handlers keep their
 * identity for the page's life and read the latest state when called, so the rows memoized
 * on them render again only when their own item changes (decision 0073).
 */
export function useListHandlers(input: ListInput): Handlers {
  const latest = useRef(input);
  latest.current = input;
  return useMemo(() => {
    const openMenuAt = (x: number, y: number, returnFocus?: HTMLElement | null) =>
      latest.current.set.menu({
        x,
        y,
        returnFocus: returnFocus ?? document.querySelector<HTMLElement>(".file-view"),
      });
    const openMenuFor = (index: number, x: number, y: number, anchor?: HTMLElement) => {
      const { ids, selection, set } = latest.current;
      const id = ids[index];
      if (id && !selection.ids.has(id)) set.selection(selectOnly(ids, index));
      openMenuAt(x, y, anchor);
    };
    const open = (index: number) => {
      const { items, actions } = latest.current;
      const file = items[index];
      if (file) actions.open(file, items);
    };
    return {
      openMenuAt,
      onItemClick(index, event) {
        const { ids, selection, set, pointer } = latest.current;
        const input = { shift: event.shiftKey, ctrl: event.ctrlKey || event.metaKey };
        const next = clickOutcome(selection, ids, index, { ...input, touch: pointer.current !== "mouse" });
        if (next !== "open") set.selection(next);
        else open(index);
      },
      onOpen(index) {
        if (latest.current.pointer.current === "mouse") open(index);
      },
      onContextMenu(index, x, y) {
        const { ids, set, pointer } = latest.current;
        if (pointer.current === "touch") set.selection((s) => toggle(s, ids, index));
        else openMenuFor(index, x, y);
      },
      onMenu(index, anchor) {
        const rect = anchor.getBoundingClientRect();
        openMenuFor(index, rect.left, rect.bottom + 4, anchor);
      },
      onCheck(index) {
        const { ids, set } = latest.current;
        set.selection((s) => toggle(s, ids, index));
      },
      onRename(file, name) {
        const { set, actions } = latest.current;
        set.renaming(null);
        document.querySelector<HTMLElement>(".file-view")?.focus();
        if (name !== null)
          void actions.rename(file, name).then((outcome) => {
            if (outcome === "clash") set.dialog({ kind: "rename-clash", file, name: name.trim() });
          });
      },
      onBox(covered, additive) {
        const { ids, set } = latest.current;
        set.selection((s) => selectBox(ids, covered, additive ? s.ids : undefined));
      },
      onBackground() {
        latest.current.set.selection(NO_SELECTION);
      },
      onKeyDown(event, g) {
        const { ids, selection, selected, set, actions, inTrash, inTrashFolder } = latest.current;
        listKeyDown(event, g, {
          ids,
          selection,
          setSelection: set.selection,
          open,
          rename: () => !inTrash && selected.length === 1 && set.renaming(selected[0]?.id ?? null),
          remove: () => {
            if (inTrashFolder) return;
            if (inTrash) set.dialog({ kind: "delete", files: [...selected] });
            else void actions.trash(selected);
          },
          menu: () => {
            const row = document.querySelector(".file-item.focused") ?? document.querySelector(".file-item");
            const rect = row?.getBoundingClientRect();
            if (rect && selected.length) openMenuAt(rect.left + 40, rect.bottom);
          },
          reveal: set.reveal,
        });
      },
      dragIds(index) {
        const { ids, selection } = latest.current;
        const id = ids[index] as string;
        return selection.ids.has(id) ? [...selection.ids] : [id];
      },
      onDropInto(index, dragged) {
        const folder = latest.current.items[index];
        if (folder) latest.current.onDropInto(folder.id, folder.name, dragged);
      },
    };
  }, []);
}
