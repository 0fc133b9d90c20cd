import type { ByteRange } from "../blobs/blob-store.js";

export type RangeRequest =
  | { kind: "full" }
  | { kind: "partial"; range: ByteRange }
  | { kind: "unsatisfiable" };

/**
 * Interprets a `Range` header for a body of `size` bytes (RFC 9110 §14):
 * `bytes=a-b`, open `bytes=a-` and suffix `bytes=-n`. Several ranges, other
 * units or malformed headers are ignored (a full answer is always allowed).
 */
export function parseRange(header: string | undefined, size: number): RangeRequest {
  if (!header) return { kind: "full" };
  const match = /^bytes=(\d*)-(\d*)$/.exec(header.trim());
  if (!match) return { kind: "full" };
  const [, first = "", last = ""] = match;
  if (first === "" && last === "") return { kind: "full" };
  if (first === "") {
    const suffix = Number(last);
    if (suffix === 0 || size === 0) return { kind: "unsatisfiable" };
    return { kind: "partial", range: { start: Math.max(0, size - suffix), end: size - 1 } };
  }
  const start = Number(first);
  const end = last === "" ? size - 1 : Math.min(Number(last), size - 1);
  if (!Number.isSafeInteger(start) || start >= size) return { kind: "unsatisfiable" };
  if (end < start) return { kind: "full" }; // syntactically invalid (last < first): ignore
  return { kind: "partial", range: { start, end } };
}
