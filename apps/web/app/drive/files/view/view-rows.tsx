import type { DriveFile } from "@nimbus/protocol";
import type { ReactNode } from "react";
import { FileItem, type ItemProps } from "../file-item.js";
import type { Geometry, LayoutView } from "../geometry.js";
import type { Selection } from "../selection.js";

export function rowDomId(id: string): string {
  return `file-${id}`;
}

/**
 * The rows from `first` to `last` of a virtualized view, placed at their offsets: items
 * directly in a list, cells in `role="row"` boxes in a grid.
 */
export function ViewRows(props: {
  items: readonly DriveFile[];
  view: LayoutView;
  g: Geometry;
  gap: number;
  first: number;
  last: number;
  selection: Selection;
  renamingId: string | null;
  dropIndex: number;
  locations?: ReadonlyMap<string, string> | undefined;
  onRename: ItemProps["onRename"];
  onMenu: ItemProps["onMenu"];
  onCheck(index: number): void;
}) {
  const { items, view, g, gap, selection } = props;
  // Recycled keys: a scroll of a screen or more replaces every item each frame, and keyed
  // by id React would build ~25 elements per row anew. Keyed by its position in the
  // rendered window, a row element stays where it is and React patches its text and
  // attributes (decision 0073). Not by `index % slots`: React then reorders the children
  // on every scroll up, moving each row's DOM node, which costs the browser as much as a
  // new one. The focused and the renaming item keep their id, so focus and the name being
  // typed never move to another file.
  const firstIndex = props.first * g.columns;
  const keyOf = (file: DriveFile, index: number) =>
    index === selection.focus || file.id === props.renamingId ? file.id : `slot-${index - firstIndex}`;
  const rendered: ReactNode[] = [];
  for (let row = props.first; row <= props.last; row++) {
    const cells: ReactNode[] = [];
    for (let column = 0; column < g.columns; column++) {
      const index = row * g.columns + column;
      const file = items[index];
      if (!file) break;
      const style =
        view === "list"
          ? { top: row * g.rowHeight, height: g.rowHeight }
          : { width: g.cellWidth, height: g.rowHeight - gap };
      cells.push(
        <FileItem
          key={keyOf(file, index)}
          file={file}
          index={index}
          selected={selection.ids.has(file.id)}
          focused={selection.focus === index}
          renaming={props.renamingId === file.id}
          dropTarget={props.dropIndex === index}
          view={view}
          style={style}
          rowId={rowDomId(file.id)}
          location={props.locations?.get(file.parent_id)}
          onRename={props.onRename}
          onMenu={props.onMenu}
          onCheck={props.onCheck}
        />,
      );
    }
    if (view === "list") rendered.push(...cells);
    else
      rendered.push(
        // biome-ignore lint/a11y/useSemanticElements: a virtualized grid positions its rows itself, which table elements cannot
        <div
          key={`row-${row - props.first}`}
          role="row"
          tabIndex={-1}
          aria-rowindex={row + 1}
          className="grid-row"
          style={{ top: row * g.rowHeight, gap }}
        >
          {cells}
        </div>,
      );
  }
  return <>{rendered}</>;
}
