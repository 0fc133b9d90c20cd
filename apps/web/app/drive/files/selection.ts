/**
 * The list's selection as a value: selected ids, the anchor a shift-click extends
 * from, and the focused item (keyboard cursor). Positions are indexes in the order
 * the list shows, so ranges work on 100,000 rows without touching the DOM.
 */
export interface Selection {
  readonly ids: ReadonlySet<string>;
  readonly anchor: number;
  readonly focus: number;
}

export const NO_SELECTION: Selection = { ids: new Set(), anchor: -1, focus: -1 };

type Ids = readonly string[];

function range(ids: Ids, from: number, to: number): Set<string> {
  const [low, high] = from <= to ? [from, to] : [to, from];
  return new Set(ids.slice(Math.max(0, low), high + 1));
}

/** A plain click: only this item. */
export function selectOnly(ids: Ids, index: number): Selection {
  const id = ids[index];
  return id === undefined ? NO_SELECTION : { ids: new Set([id]), anchor: index, focus: index };
}

/** Ctrl/Cmd-click (or a tap in selection mode): add or remove one item, anchor moves to it. */
export function toggle(selection: Selection, ids: Ids, index: number): Selection {
  const id = ids[index];
  if (id === undefined) return selection;
  const next = new Set(selection.ids);
  if (next.has(id)) next.delete(id);
  else next.add(id);
  return { ids: next, anchor: index, focus: index };
}

/**
 * Shift-click or shift-arrow: the range from the anchor to this item; with `add`
 * (ctrl/cmd held too) the range joins what was selected.
 */
export function extendTo(selection: Selection, ids: Ids, index: number, add = false): Selection {
  const anchor = selection.anchor >= 0 ? selection.anchor : index;
  const span = range(ids, anchor, index);
  if (add) for (const id of selection.ids) span.add(id);
  return { ids: span, anchor, focus: index };
}

export function selectAll(ids: Ids): Selection {
  return { ids: new Set(ids), anchor: 0, focus: ids.length ? ids.length - 1 : -1 };
}

/** The drag box: the items it covers (positions from the view's geometry), added to `base` when given. */
export function selectBox(ids: Ids, covered: readonly number[], base?: ReadonlySet<string>): Selection {
  const next = new Set(base ?? []);
  for (const index of covered) {
    const id = ids[index];
    if (id !== undefined) next.add(id);
  }
  const last = covered[covered.length - 1] ?? -1;
  return { ids: next, anchor: covered[0] ?? -1, focus: last };
}

/** Moves the keyboard cursor without changing what is selected (ctrl + arrows). */
export function moveFocus(selection: Selection, index: number): Selection {
  return { ...selection, focus: index };
}

/** After the rows changed (items removed or reordered): drop ids that are gone, clamp positions. */
export function reconcile(selection: Selection, ids: Ids): Selection {
  if (selection.ids.size === 0 && selection.focus < ids.length) return selection;
  const present = new Set(ids);
  const kept = new Set([...selection.ids].filter((id) => present.has(id)));
  const clamp = (value: number) => Math.min(value, ids.length - 1);
  return { ids: kept, anchor: clamp(selection.anchor), focus: clamp(selection.focus) };
}

/** The selected ids in list order (cheap when few are selected). */
export function selectedInOrder(selection: Selection, ids: Ids): string[] {
  if (selection.ids.size === 0) return [];
  return ids.filter((id) => selection.ids.has(id));
}

/**
 * What a click or tap on an item does: shift extends (with ctrl/cmd, adds the range),
 * ctrl/cmd toggles, a tap toggles once something is selected and otherwise opens,
 * a plain click selects just the item.
 */
export function clickOutcome(
  selection: Selection,
  ids: Ids,
  index: number,
  input: { shift: boolean; ctrl: boolean; touch: boolean },
): Selection | "open" {
  if (input.shift) return extendTo(selection, ids, index, input.ctrl);
  if (input.ctrl || (input.touch && selection.ids.size > 0)) return toggle(selection, ids, index);
  if (input.touch) return "open";
  return selectOnly(ids, index);
}
