import { useMemo, useReducer } from "react";
import type { DialogState } from "./browser-dialogs.js";
import type { MenuPlacement } from "./context-menu.js";
import { NO_SELECTION, type Selection } from "./selection.js";

/** What the file browser shows besides the list: selection, rename field, menu, dialog. */
export interface BrowserState {
  selection: Selection;
  renamingId: string | null;
  menu: MenuPlacement | null;
  dialog: DialogState;
  /** Changed to scroll the focused item into view. */
  scrollToken: number;
}

type Change<T> = T | ((current: T) => T);

export type BrowserAction =
  | { type: "select"; selection: Change<Selection> }
  | { type: "rename"; id: string | null }
  | { type: "menu"; menu: MenuPlacement | null }
  | { type: "dialog"; dialog: DialogState }
  | { type: "reveal" }
  /** Another list: nothing selected, no rename under way. */
  | { type: "reset" };

export const INITIAL_BROWSER: BrowserState = {
  selection: NO_SELECTION,
  renamingId: null,
  menu: null,
  dialog: null,
  scrollToken: 0,
};

export function browserReducer(state: BrowserState, action: BrowserAction): BrowserState {
  switch (action.type) {
    case "select": {
      const selection =
        typeof action.selection === "function" ? action.selection(state.selection) : action.selection;
      return selection === state.selection ? state : { ...state, selection };
    }
    case "rename":
      return { ...state, renamingId: action.id };
    case "menu":
      return { ...state, menu: action.menu };
    case "dialog":
      return { ...state, dialog: action.dialog };
    case "reveal":
      return { ...state, scrollToken: state.scrollToken + 1 };
    case "reset":
      return { ...state, selection: NO_SELECTION, renamingId: null };
  }
}

/** The browser's state with setters that keep their identity (rows memoized on them stay put). */
export function useBrowserState() {
  const [state, dispatch] = useReducer(browserReducer, INITIAL_BROWSER);
  const set = useMemo(
    () => ({
      selection: (selection: Change<Selection>) => dispatch({ type: "select", selection }),
      renaming: (id: string | null) => dispatch({ type: "rename", id }),
      menu: (menu: MenuPlacement | null) => dispatch({ type: "menu", menu }),
      dialog: (dialog: DialogState) => dispatch({ type: "dialog", dialog }),
      reveal: () => dispatch({ type: "reveal" }),
      reset: () => dispatch({ type: "reset" }),
    }),
    [],
  );
  return [state, set] as const;
}

export type BrowserSetters = ReturnType<typeof useBrowserState>[1];
