/** What a key does in the picker's folder list (pure, so the rules are unit-tested). */
export type PickerKeyOutcome =
  | { kind: "focus"; index: number }
  | { kind: "enter"; index: number }
  | { kind: "up" }
  | { kind: "none" };

/**
 * Arrow keys move between folders (Home/End to the ends), ArrowRight enters the
 * focused folder (Enter and Space do it through the button itself), ArrowLeft and
 * Backspace go up one level. `blocked[i]` folders can be focused but not entered.
 */
export function pickerKey(key: string, index: number, count: number, blocked: (i: number) => boolean) {
  const last = count - 1;
  let outcome: PickerKeyOutcome = { kind: "none" };
  switch (key) {
    case "ArrowDown":
      if (count > 0) outcome = { kind: "focus", index: Math.min(last, index + 1) };
      break;
    case "ArrowUp":
      if (count > 0) outcome = { kind: "focus", index: Math.max(0, index - 1) };
      break;
    case "Home":
      if (count > 0) outcome = { kind: "focus", index: 0 };
      break;
    case "End":
      if (count > 0) outcome = { kind: "focus", index: last };
      break;
    case "ArrowRight":
      if (index >= 0 && index <= last && !blocked(index)) outcome = { kind: "enter", index };
      break;
    case "ArrowLeft":
    case "Backspace":
      outcome = { kind: "up" };
      break;
  }
  return outcome;
}

/** The element Tab should move to inside a modal, wrapping at either end (the focus trap). */
export function trapTarget<T>(focusable: readonly T[], current: T | null, backwards: boolean): T | undefined {
  if (focusable.length === 0) return undefined;
  const first = focusable[0];
  const last = focusable[focusable.length - 1];
  const at = current === null ? -1 : focusable.indexOf(current);
  if (backwards && (at <= 0 || at === -1)) return last;
  if (!backwards && (at === focusable.length - 1 || at === -1)) return first;
  return undefined;
}
