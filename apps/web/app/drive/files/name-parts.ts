/** Longest extension kept whole at the end of a truncated name (longer ones are likely not extensions). */
const MAX_TAIL = 12;

/**
 * A file name split so that truncation happens in the middle: the head shrinks with an
 * ellipsis, the tail (the extension with its dot) always shows — "very-long-na….pdf".
 * Folders, dot files and names without a usable extension keep everything in the head.
 */
export function nameParts(name: string, isFolder: boolean): { head: string; tail: string } {
  const dot = name.lastIndexOf(".");
  if (isFolder || dot <= 0 || dot === name.length - 1 || name.length - dot > MAX_TAIL)
    return { head: name, tail: "" };
  return { head: name.slice(0, dot), tail: name.slice(dot) };
}
