import { type RawBuilder, sql } from "kysely";
import type { Db } from "../../db/database.js";

/**
 * Recursive walks of one user's tree, in SQL (`WITH RECURSIVE`, on both
 * databases). A walk starts at some roots and descends only through rows that
 * match `through`:
 * - `live`: not in the trash;
 * - `implicit_trash`: in the trash only because an ancestor was trashed;
 * - `owned`: everything but items trashed on their own (those stay in the
 *   trash, as their own entries, when a folder above them is deleted).
 */
export type Through = "live" | "implicit_trash" | "owned";

const MAX_DEPTH = 10_000;

function condition(through: Through): RawBuilder<unknown> {
  switch (through) {
    case "live":
      return sql`f.trashed_at is null`;
    case "implicit_trash":
      return sql`f.trashed_at is not null and f.trash_path is null`;
    case "owned":
      return sql`f.trash_path is null`;
  }
}

/**
 * `with recursive sub(id, …)`: the roots (always) and their descendants reached
 * `through`, with `carried` columns of each row. `sub cross join files` keeps the
 * walk's row as the outer loop on SQLite (its planner otherwise scans the user's
 * files once per row reached), so each step is one lookup in a `(user_id, parent_id, …)`
 * index; a column the caller needs is read there and then, not looked up again by id.
 */
function subtree(
  userId: string,
  rootIds: readonly string[],
  through: Through,
  carried: readonly ("blob_gcid" | "size")[] = [],
): RawBuilder<unknown> {
  const columns = sql.raw(["id", ...carried].join(", "));
  const fromF = sql.raw(["id", ...carried].map((column) => `f.${column}`).join(", "));
  return sql`with recursive sub(${columns}) as (
    select ${columns} from files where user_id = ${userId} and id in (${sql.join(rootIds)})
    union
    select ${fromF} from sub cross join files f
    where f.user_id = ${userId} and f.parent_id = sub.id and ${condition(through)}
  )`;
}

export interface SubtreeTotals {
  /** Rows in the subtrees, roots included. */
  items: number;
  /** Bytes of the rows that hold a blob. */
  bytes: number;
  /** References per blob. */
  blobs: Map<string, number>;
}

export async function subtreeTotals(
  db: Db,
  userId: string,
  rootIds: readonly string[],
  through: Through,
): Promise<SubtreeTotals> {
  const totals: SubtreeTotals = { items: 0, bytes: 0, blobs: new Map() };
  if (rootIds.length === 0) return totals;
  const { rows } = await sql<{ blob_gcid: string | null; n: number | string; bytes: number | string | null }>`
    ${subtree(userId, rootIds, through, ["blob_gcid", "size"])}
    select blob_gcid, count(*) as n, sum(size) as bytes from sub group by blob_gcid`.execute(db);
  for (const row of rows) {
    totals.items += Number(row.n);
    if (row.blob_gcid === null) continue;
    totals.bytes += Number(row.bytes ?? 0);
    totals.blobs.set(row.blob_gcid, Number(row.n));
  }
  return totals;
}

/** Puts the live descendants of freshly trashed roots in the trash with them. */
export async function trashDescendants(db: Db, userId: string, rootIds: readonly string[], now: number) {
  if (rootIds.length === 0) return;
  await sql`${subtree(userId, rootIds, "live")}
    update files set trashed_at = ${now}
    where id in (select id from sub) and trashed_at is null`.execute(db);
}

/** Takes the descendants that went to the trash with `rootId` back out (not those trashed on their own). */
export async function restoreDescendants(db: Db, userId: string, rootId: string) {
  await sql`${subtree(userId, [rootId], "implicit_trash")}
    update files set trashed_at = null
    where id in (select id from sub) and id <> ${rootId} and trash_path is null`.execute(db);
}

/** Deletes the roots and what is under them (but items trashed on their own). */
export async function deleteSubtrees(db: Db, userId: string, rootIds: readonly string[]) {
  if (rootIds.length === 0) return;
  await sql`${subtree(userId, rootIds, "owned")}
    delete from files where id in (select id from sub)`.execute(db);
}

export interface AncestorRow {
  id: string;
  parent_id: string;
  name: string;
  kind: string;
  trashed_at: number | null;
}

/** The row `id` and its ancestors, nearest first (empty when `id` is not the user's). */
export async function ancestry(db: Db, userId: string, id: string): Promise<AncestorRow[]> {
  const { rows } = await sql<AncestorRow & { depth: number }>`
    with recursive up(id, parent_id, name, kind, trashed_at, depth) as (
      select id, parent_id, name, kind, trashed_at, 0 from files where user_id = ${userId} and id = ${id}
      union all
      select f.id, f.parent_id, f.name, f.kind, f.trashed_at, up.depth + 1
      from up cross join files f
      where f.id = up.parent_id and f.user_id = ${userId} and up.depth < ${MAX_DEPTH}
    )
    select id, parent_id, name, kind, trashed_at, depth from up order by depth`.execute(db);
  return rows.map(({ depth: _depth, ...row }) => ({
    ...row,
    trashed_at: row.trashed_at === null ? null : Number(row.trashed_at),
  }));
}
