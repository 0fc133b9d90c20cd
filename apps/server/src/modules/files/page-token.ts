import { invalidPageToken, makeJsonPageToken, readJsonPageToken } from "../../lib/page-token.js";
import { isSortName, type SortSpec, type SortValue } from "./sort-orders.js";

/**
 * Keyset cursor of a file list: the full sort key of the last row served (its
 * values, ending with its id), under which order, and, when folders are pinned
 * on top, whether that row was a folder. The next page starts strictly after
 * it, so rows added or removed meanwhile never shift a page.
 */
export interface Cursor {
  order: SortSpec["name"];
  pinned: boolean;
  /** The kind of the last row served (only meaningful when pinned). */
  kind: string;
  values: SortValue[];
}

export function encodePageToken(cursor: Cursor): string {
  const value = [cursor.order, cursor.pinned ? 1 : 0, cursor.kind, ...cursor.values];
  return makeJsonPageToken(value);
}

/** Decodes a token made for `spec` (and `pinned`); anything else is `invalid_page_token`. */
export function decodePageToken(
  token: string | undefined,
  spec: SortSpec,
  pinned: boolean,
): Cursor | undefined {
  if (!token) return undefined;
  const value = readJsonPageToken(token);
  if (!Array.isArray(value) || value.length !== 3 + spec.keys.length) throw invalidPageToken();
  const [order, pin, kind, ...values] = value as unknown[];
  const valid =
    isSortName(order) &&
    order === spec.name &&
    pin === (pinned ? 1 : 0) &&
    typeof kind === "string" &&
    spec.keys.every((key, i) => {
      const v = values[i];
      return key.column === "modified_at" || key.column === "size"
        ? typeof v === "number" && Number.isSafeInteger(v)
        : typeof v === "string";
    });
  if (!valid) {
    throw invalidPageToken("the token belongs to another order or is damaged");
  }
  return { order: spec.name, pinned, kind, values: values as SortValue[] };
}
