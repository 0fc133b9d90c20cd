import { FILE_KIND } from "@nimbus/protocol";
import { type ExpressionBuilder, type SelectQueryBuilder, sql } from "kysely";
import type { Db } from "../../db/database.js";
import type { Tables } from "../../db/schema.js";
import { foldName } from "../../lib/fold-name.js";
import type { FileRow } from "./files-repository.js";
import type { FileFilters } from "./filters.js";
import { MIME_CATEGORY_RULES } from "./mime.js";
import type { Cursor } from "./page-token.js";
import type { SortSpec, SortValue } from "./sort-orders.js";

/** Which items a list looks at. */
export type ListScope =
  | { kind: "folder"; parentId: string }
  | { kind: "drive" }
  /** Items trashed explicitly (the top level of the trash). */
  | { kind: "trash" };

export interface ListRequest {
  userId: string;
  scope: ListScope;
  filters: FileFilters;
  spec: SortSpec;
  pinned: boolean;
  cursor?: Cursor;
  limit: number;
}

export interface ListPage {
  rows: FileRow[];
  /** The cursor after the last row, when more rows follow. */
  next?: Cursor;
}

type FilesQuery = SelectQueryBuilder<Tables, "files", FileRow>;
const KIND_ORDER = [FILE_KIND.folder, FILE_KIND.file] as const;

/**
 * One page of a list. Folders and files are each a range of one `files_live_by_*`
 * index (`kind` fixed): with folders pinned on top the folders' range is read first
 * and then the files'; otherwise one query merges both ranges by the sort key.
 */
export async function listPage(db: Db, request: ListRequest): Promise<ListPage> {
  const kinds = KIND_ORDER.filter((kind) => kindAllowed(request.filters.kind, kind));
  const { spec, cursor, limit } = request;
  const keyOf = (row: FileRow): SortValue[] => spec.keys.map((key) => row[key.column]);
  if (kinds.length === 0) return { rows: [] };

  if (!request.pinned) {
    const rows = await mergedQuery(db, request, kinds, cursor?.values)
      .limit(limit + 1)
      .execute();
    return finish(rows, limit, (row) => ({ ...base(request, row), values: keyOf(row) }));
  }

  const rows: FileRow[] = [];
  for (const kind of kinds) {
    if (cursor && KIND_ORDER.indexOf(kind) < KIND_ORDER.indexOf(cursor.kind as (typeof KIND_ORDER)[number])) {
      continue; // the cursor is already past this kind's range
    }
    const after = cursor?.kind === kind ? cursor.values : undefined;
    const wanted = limit + 1 - rows.length;
    rows.push(...(await query(db, request, kind, after).limit(wanted).execute()));
    if (rows.length > limit) break;
  }
  return finish(rows, limit, (row) => ({ ...base(request, row), values: keyOf(row) }));
}

function base(request: ListRequest, row: FileRow) {
  return { order: request.spec.name, pinned: request.pinned, kind: row.kind };
}

function finish(rows: FileRow[], limit: number, cursorOf: (row: FileRow) => Cursor): ListPage {
  const page = rows.slice(0, limit);
  const last = page.at(-1);
  return rows.length > limit && last ? { rows: page, next: cursorOf(last) } : { rows: page };
}

function kindAllowed(filter: FileFilters["kind"], kind: string): boolean {
  if (filter === undefined) return true;
  return Array.isArray(filter) ? filter.includes(kind) : filter === kind;
}

/** The query of one kind's range (exported for plan checks in tests and benchmarks). */
export function query(
  db: Db,
  request: ListRequest,
  kind: string,
  after: SortValue[] | undefined,
): FilesQuery {
  return ordered(range(db, request, kind, after), request.spec);
}

/**
 * The kinds' ranges merged in `spec` order by the database: `SELECT * FROM (<range>
 * ORDER BY <key>) UNION ALL SELECT * FROM (…) ORDER BY <key> LIMIT n`. SQLite runs it
 * as a MERGE of the two index ranges, Postgres as a Merge Append of two index scans;
 * either way nothing is sorted and a page reads only the rows it serves (not
 * `limit + 1` of each kind). Each range is ordered in its own subquery because
 * Postgres, given a bare `UNION ALL … ORDER BY`, appends both kinds whole and sorts
 * them. One kind is just its range.
 */
export function mergedQuery(
  db: Db,
  request: ListRequest,
  kinds: readonly string[],
  after: SortValue[] | undefined,
): FilesQuery {
  const [first, ...rest] = kinds.map((kind, i) =>
    db.selectFrom(query(db, request, kind, after).as(`k${i}`)).selectAll(),
  );
  if (!first) throw new Error("no kind to list");
  if (rest.length === 0) return query(db, request, kinds[0] as string, after);
  const union = rest.reduce((merged, part) => merged.unionAll(part), first);
  return ordered(union as unknown as FilesQuery, request.spec);
}

function ordered(q: FilesQuery, spec: SortSpec): FilesQuery {
  for (const key of spec.keys) q = q.orderBy(key.column, key.desc ? "desc" : "asc");
  return q;
}

/** One kind's rows, unordered: the WHERE of a `files_live_by_*` range. */
function range(db: Db, request: ListRequest, kind: string, after: SortValue[] | undefined): FilesQuery {
  const { scope, filters, spec } = request;
  let q: FilesQuery = db
    .selectFrom("files")
    .selectAll()
    .where("user_id", "=", request.userId)
    .where("kind", "=", kind);
  if (scope.kind === "folder") q = q.where("parent_id", "=", scope.parentId);
  if (scope.kind === "trash") q = q.where("trash_path", "is not", null).where("trashed_at", "is not", null);
  else if (filters.trashed === true) q = q.where("trashed_at", "is not", null);
  else q = q.where("trashed_at", "is", null);
  // Lists show files that exist: one still uploading (or an instant-upload claim never
  // answered) is reachable by its id only, unless the filter asks for that phase.
  if (filters.phase === undefined) q = q.where("phase", "!=", "PHASE_TYPE_PENDING");
  q = applyFilters(q, filters);
  if (after) q = q.where(keysetAfter(spec, after));
  return q;
}

function applyFilters(q: FilesQuery, filters: FileFilters): FilesQuery {
  if (filters.starred !== undefined) q = q.where("starred_at", filters.starred ? "is not" : "is", null);
  if (filters.phase !== undefined) {
    q = Array.isArray(filters.phase)
      ? q.where("phase", "in", filters.phase)
      : q.where("phase", "=", filters.phase);
  }
  if (filters.modified_after !== undefined) q = q.where("modified_at", ">", filters.modified_after);
  if (filters.modified_before !== undefined) q = q.where("modified_at", "<", filters.modified_before);
  if (filters.created_after !== undefined) q = q.where("created_at", ">", filters.created_after);
  if (filters.created_before !== undefined) q = q.where("created_at", "<", filters.created_before);
  if (filters.name_eq !== undefined) q = q.where("name", "=", filters.name_eq.normalize("NFC"));
  if (filters.name_contains !== undefined) {
    const pattern = `%${escapeLike(foldName(filters.name_contains))}%`;
    q = q.where(sql<boolean>`${sql.ref("name_folded")} like ${pattern} escape '\\'`);
  }
  const categories = filters.mime_category;
  if (categories !== undefined) {
    const list = Array.isArray(categories) ? categories : [categories];
    q = q.where((eb) =>
      eb.or(
        list.flatMap((category) => {
          const rule = MIME_CATEGORY_RULES[category];
          return [
            ...rule.prefixes.map((prefix) => eb("mime_type", "like", `${prefix}%`)),
            ...(rule.types.length > 0 ? [eb("mime_type", "in", rule.types)] : []),
          ];
        }),
      ),
    );
  }
  return q;
}

/**
 * Rows strictly after `values` in `spec` order: (k1 > v1) or (k1 = v1 and k2 > v2) …,
 * with `k1 >= v1` repeated on its own so the planner starts the index range there.
 */
function keysetAfter(spec: SortSpec, values: SortValue[]) {
  return (eb: ExpressionBuilder<Tables, "files">) => {
    const [first] = spec.keys;
    if (!first) throw new Error("empty sort key");
    const branches = spec.keys.map((key, i) =>
      eb.and([
        ...spec.keys.slice(0, i).map((prior, j) => eb(prior.column, "=", values[j] as never)),
        eb(key.column, key.desc ? "<" : ">", values[i] as never),
      ]),
    );
    return eb.and([eb(first.column, first.desc ? "<=" : ">=", values[0] as never), eb.or(branches)]);
  };
}

function escapeLike(text: string): string {
  return text.replace(/[\\%_]/g, (c) => `\\${c}`);
}
