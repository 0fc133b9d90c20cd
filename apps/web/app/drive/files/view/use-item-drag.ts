import type { DriveFile } from "@nimbus/protocol";
import { type DragEvent, useCallback, useState } from "react";
import { DRAG_TYPE } from "../../drive-events.js";
import { eventIndex } from "./use-select-band.js";

/**
 * Dragging items onto folders of the view: a drag carries `dragIds(index)` (the selection when
 * the item is in it); a folder under it is the drop target; a drop moves them (`onDropInto`).
 * A read-only view (the trash) neither drags nor takes drops.
 */
export function useItemDrag(
  items: readonly DriveFile[],
  options: {
    readOnly?: boolean | undefined;
    dragIds(index: number): string[];
    onDropInto(folderIndex: number, ids: string[]): void;
  },
) {
  const [dropIndex, setDropIndex] = useState(-1);
  const clearDrop = useCallback(() => setDropIndex(-1), []);
  const droppable = (index: number, event: DragEvent) =>
    index >= 0 && items[index]?.kind === "drive#folder" && event.dataTransfer.types.includes(DRAG_TYPE);
  const handlers = {
    onDragStart(event: DragEvent<HTMLDivElement>) {
      const index = eventIndex(event.target);
      if (index < 0) return;
      if (options.readOnly) return event.preventDefault();
      const ids = options.dragIds(index);
      event.dataTransfer.setData(DRAG_TYPE, JSON.stringify(ids));
      event.dataTransfer.setData(
        "text/plain",
        ids.length === 1 ? (items[index]?.name ?? "") : String(ids.length),
      );
      event.dataTransfer.effectAllowed = "move";
    },
    onDragOver(event: DragEvent<HTMLDivElement>) {
      const index = eventIndex(event.target);
      if (!droppable(index, event)) return clearDrop();
      event.preventDefault();
      event.dataTransfer.dropEffect = "move";
      setDropIndex(index);
    },
    onDragLeave(event: DragEvent<HTMLDivElement>) {
      if (!event.currentTarget.contains(event.relatedTarget as Node)) clearDrop();
    },
    onDrop(event: DragEvent<HTMLDivElement>) {
      const index = eventIndex(event.target);
      clearDrop();
      if (!droppable(index, event)) return;
      event.preventDefault();
      const ids = JSON.parse(event.dataTransfer.getData(DRAG_TYPE) || "[]") as string[];
      if (ids.length) options.onDropInto(index, ids);
    },
    onDragEnd: clearDrop,
  };
  return { dropIndex, handlers };
}
