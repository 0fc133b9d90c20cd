import { DEFAULT_FILE_ORDER, type FileOrder } from "@nimbus/protocol";

export type SortColumn = "name" | "modified_at" | "size" | "mime_type" | "id";

export interface SortKey {
  column: SortColumn;
  desc: boolean;
}

/** A list order: its canonical name and its full key, ending with `id` so every row has one place. */
export interface SortSpec {
  name: "name_asc" | "name_desc" | "mod_asc" | "mod_desc" | "size_asc" | "size_desc" | "type_desc";
  keys: readonly SortKey[];
}

const asc = (column: SortColumn): SortKey => ({ column, desc: false });
const desc = (column: SortColumn): SortKey => ({ column, desc: true });

const SPECS: Record<SortSpec["name"], readonly SortKey[]> = {
  name_asc: [asc("name"), asc("id")],
  name_desc: [desc("name"), desc("id")],
  mod_asc: [asc("modified_at"), asc("id")],
  mod_desc: [desc("modified_at"), desc("id")],
  size_asc: [asc("size"), asc("id")],
  size_desc: [desc("size"), desc("id")],
  // Type groups by MIME type (descending, as code 3 says); names ascending inside a group.
  type_desc: [desc("mime_type"), asc("name"), asc("id")],
};

const ALIASES: Record<FileOrder, SortSpec["name"]> = {
  NAME_ASC: "name_asc",
  NAME_DESC: "name_desc",
  "3": "type_desc",
  "5": "mod_asc",
  "6": "mod_desc",
  "7": "size_asc",
  "8": "size_desc",
  name_asc: "name_asc",
  name_desc: "name_desc",
  mod_asc: "mod_asc",
  mod_desc: "mod_desc",
  size_asc: "size_asc",
  size_desc: "size_desc",
  type_desc: "type_desc",
};

export function sortSpec(order: FileOrder = DEFAULT_FILE_ORDER): SortSpec {
  const name = ALIASES[order];
  return { name, keys: SPECS[name] };
}

export function isSortName(value: unknown): value is SortSpec["name"] {
  return typeof value === "string" && Object.hasOwn(SPECS, value);
}

export type SortValue = string | number;

/** Code-point order (what SQLite's BINARY and Postgres' "C" collation do), unlike UTF-16 `<`. */
export function compareText(a: string, b: string): number {
  if (a === b) return 0;
  const length = Math.min(a.length, b.length);
  for (let i = 0; i < length; i++) {
    const x = a.codePointAt(i) as number;
    const y = b.codePointAt(i) as number;
    if (x !== y) return x < y ? -1 : 1;
    if (x > 0xffff) i++;
  }
  return a.length < b.length ? -1 : a.length > b.length ? 1 : 0;
}
