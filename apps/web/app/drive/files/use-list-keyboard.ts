import type { KeyboardEvent } from "react";
import { arrowTarget, type Geometry } from "./geometry.js";
import {
  extendTo,
  moveFocus,
  NO_SELECTION,
  type Selection,
  selectAll,
  selectOnly,
  toggle,
} from "./selection.js";

export interface KeyboardHandlers {
  ids: readonly string[];
  selection: Selection;
  setSelection(selection: Selection): void;
  open(index: number): void;
  rename(): void;
  remove(): void;
  menu(): void;
  /** Asks the view to scroll the focused item into sight. */
  reveal(): void;
}

/**
 * The list's keyboard (a grid pattern): arrows move (Shift extends, Ctrl/Cmd moves
 * the cursor only), Home/End, Space toggles, Enter opens, F2 renames, Delete trashes,
 * Ctrl/Cmd+A selects all, Escape clears, Shift+F10 or the menu key opens the menu.
 */
export function listKeyDown(event: KeyboardEvent, g: Geometry, h: KeyboardHandlers): void {
  if (event.target !== event.currentTarget) return;
  const { ids, selection } = h;
  const count = ids.length;
  const mod = event.ctrlKey || event.metaKey;
  const go = (index: number) => {
    if (index < 0) return;
    if (event.shiftKey) h.setSelection(extendTo(selection, ids, index));
    else if (mod) h.setSelection(moveFocus(selection, index));
    else h.setSelection(selectOnly(ids, index));
    h.reveal();
  };
  switch (event.key) {
    case "ArrowDown":
    case "ArrowUp":
    case "ArrowLeft":
    case "ArrowRight":
      go(arrowTarget(event.key, selection.focus, g.columns, count));
      break;
    case "Home":
      go(count ? 0 : -1);
      break;
    case "End":
      go(count - 1);
      break;
    case "PageDown":
    case "PageUp": {
      const rows = Math.max(1, Math.floor(window.innerHeight / g.rowHeight) - 1);
      const step = rows * g.columns * (event.key === "PageDown" ? 1 : -1);
      go(Math.min(count - 1, Math.max(0, Math.max(selection.focus, 0) + step)));
      break;
    }
    case " ":
      if (selection.focus < 0) return;
      h.setSelection(toggle(selection, ids, selection.focus));
      break;
    case "Enter":
      if (selection.focus < 0) return;
      h.open(selection.focus);
      break;
    case "F2":
      h.rename();
      break;
    case "Delete":
    case "Backspace":
      if (selection.ids.size === 0) return;
      h.remove();
      break;
    case "Escape":
      if (selection.ids.size === 0) return;
      h.setSelection(NO_SELECTION);
      break;
    case "ContextMenu":
      h.menu();
      break;
    case "F10":
      if (!event.shiftKey) return;
      h.menu();
      break;
    case "a":
    case "A":
      if (!mod) return;
      h.setSelection(selectAll(ids));
      break;
    default:
      return;
  }
  event.preventDefault();
}
