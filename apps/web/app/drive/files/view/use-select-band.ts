import { type PointerEvent as ReactPointerEvent, type RefObject, useState } from "react";
import { type Geometry, itemsInBox } from "../geometry.js";

export interface Band {
  x0: number;
  y0: number;
  x1: number;
  y1: number;
}

/** The item under an event's target (`data-index` of its `.file-item`), -1 for the background. */
export function eventIndex(target: EventTarget | null): number {
  const item = (target as HTMLElement | null)?.closest<HTMLElement>(".file-item");
  return item ? Number(item.dataset.index) : -1;
}

/**
 * The selection band: a mouse press on the background and a drag selects the items it covers
 * (`onBox`, additive with Ctrl/⌘/Shift), scrolling near the window's edges; a press without a
 * drag is a click on the background (`onBackground`).
 */
export function useSelectBand(
  rowsBox: RefObject<HTMLDivElement | null>,
  g: Geometry,
  count: number,
  gap: number,
  handlers: { onBox(covered: number[], additive: boolean): void; onBackground(): void },
) {
  const [band, setBand] = useState<Band | null>(null);
  const onPointerDown = (event: ReactPointerEvent<HTMLDivElement>) => {
    if (event.button !== 0 || event.pointerType !== "mouse" || eventIndex(event.target) >= 0) return;
    if ((event.target as HTMLElement).closest("button, input, a, [role=columnheader]")) return;
    const rows = rowsBox.current;
    if (!rows) return;
    const rect = rows.getBoundingClientRect();
    const x0 = event.clientX - rect.left;
    const y0 = event.clientY - rect.top;
    const additive = event.ctrlKey || event.metaKey || event.shiftKey;
    const element = event.currentTarget;
    element.setPointerCapture(event.pointerId);
    let moved = false;
    const move = (e: PointerEvent) => {
      const r = rows.getBoundingClientRect();
      const x1 = e.clientX - r.left;
      const y1 = e.clientY - r.top;
      if (!moved && Math.abs(x1 - x0) + Math.abs(y1 - y0) < 6) return;
      moved = true;
      if (e.clientY > window.innerHeight - 30) window.scrollBy(0, 24);
      else if (e.clientY < 120) window.scrollBy(0, -24);
      setBand({ x0, y0, x1, y1 });
      const box = {
        left: Math.min(x0, x1),
        right: Math.max(x0, x1),
        top: Math.min(y0, y1),
        bottom: Math.max(y0, y1),
      };
      handlers.onBox(itemsInBox(g, count, box, gap), additive);
    };
    const up = () => {
      element.removeEventListener("pointermove", move);
      element.removeEventListener("pointerup", up);
      element.removeEventListener("pointercancel", up);
      setBand(null);
      if (!moved && !additive) handlers.onBackground();
    };
    element.addEventListener("pointermove", move);
    element.addEventListener("pointerup", up);
    element.addEventListener("pointercancel", up);
  };
  return { band, onPointerDown };
}
