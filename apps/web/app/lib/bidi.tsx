import type { ReactNode } from "react";

const ISOLATE = /\u2068([^\u2068\u2069]*)\u2069/;

/**
 * A name someone chose (file, folder, share, person) marked for isolation in a
 * sentence (first-strong isolate … pop directional isolate, the text form of
 * `<bdi>`), so a right-to-left name cannot reorder the words around it.
 * `IsolatedText` turns the marks into `<bdi>` elements when the text is shown.
 */
export function isolated(name: string): string {
  return `\u2068${name}\u2069`;
}

/** Shows a text made with `isolated` names, each name in its own `<bdi>`. */
export function IsolatedText({ text }: { text: string }): ReactNode {
  const parts = text.split(ISOLATE);
  if (parts.length === 1) return text;
  // split() with a capture group alternates text and names, so their positions are stable keys.
  // biome-ignore lint/suspicious/noArrayIndexKey: see above
  return parts.map((part, index) => (index % 2 === 1 ? <bdi key={index}>{part}</bdi> : part));
}
