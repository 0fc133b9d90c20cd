import type { AuditVerdict } from "@nimbus/protocol";
import { sql } from "kysely";
import type { Db } from "../../db/database.js";
import { ancestry, type FileRow, liveAmong } from "../files/index.js";

/**
 * What a share shows is the owner's live tree under the snapshot ids: these
 * read it. A shared item trashed or deleted by its owner simply drops out.
 */

/** The live rows among the snapshot ids, in snapshot order. */
export async function liveRoots(db: Db, ownerId: string, fileIds: readonly string[]): Promise<FileRow[]> {
  if (fileIds.length === 0) return [];
  const rows: FileRow[] = [];
  for (let i = 0; i < fileIds.length; i += 500) {
    rows.push(...(await liveAmong(db, ownerId, fileIds.slice(i, i + 500))));
  }
  const order = new Map(fileIds.map((id, n) => [id, n]));
  return rows.sort((a, b) => (order.get(a.id) ?? 0) - (order.get(b.id) ?? 0));
}

/**
 * The path from a shared item down to `id` (both included, each live), or
 * undefined when `id` is not inside the share: the only way a visitor's id
 * reaches the owner's tree.
 */
export async function pathInShare(
  db: Db,
  ownerId: string,
  rootIds: ReadonlySet<string>,
  id: string,
): Promise<{ id: string; name: string; kind: string }[] | undefined> {
  const chain = await ancestry(db, ownerId, id);
  const path: { id: string; name: string; kind: string }[] = [];
  for (const row of chain) {
    if (row.trashed_at !== null) return undefined;
    path.unshift({ id: row.id, name: row.name, kind: row.kind });
    if (rootIds.has(row.id)) return path;
  }
  return undefined;
}

/**
 * The strongest verdict an admin gave to content inside the share's live tree
 * (PROHIBITED over SENSITIVE_RESOURCE), walking up from the owner's files whose
 * GCID is blocked — few rows — rather than down the whole shared tree.
 */
export async function blockedVerdict(
  db: Db,
  ownerId: string,
  rootIds: readonly string[],
): Promise<AuditVerdict | undefined> {
  if (rootIds.length === 0) return undefined;
  const { rows } = await sql<{ verdict: string }>`
    with recursive up(id, parent_id, verdict) as (
      select f.id, f.parent_id, b.verdict from blocked_gcids b cross join files f
      where f.blob_gcid = b.gcid and f.user_id = ${ownerId} and f.trashed_at is null
      union
      select p.id, p.parent_id, up.verdict from up cross join files p
      where p.id = up.parent_id and p.user_id = ${ownerId} and p.trashed_at is null
    )
    select distinct verdict from up where id in (${sql.join(rootIds)})`.execute(db);
  const verdicts = new Set(rows.map((row) => row.verdict));
  if (verdicts.has("PROHIBITED")) return "PROHIBITED";
  if (verdicts.has("SENSITIVE_RESOURCE")) return "SENSITIVE_RESOURCE";
  return undefined;
}

/** Live shares whose tree holds a file with one of `gcids` (any owner). */
export async function sharesHolding(db: Db, gcids: readonly string[]): Promise<string[]> {
  if (gcids.length === 0) return [];
  const { rows } = await sql<{ share_id: string }>`
    with recursive up(id, parent_id, user_id) as (
      select id, parent_id, user_id from files where blob_gcid in (${sql.join(gcids)}) and trashed_at is null
      union
      select p.id, p.parent_id, p.user_id from up cross join files p
      where p.id = up.parent_id and p.user_id = up.user_id and p.trashed_at is null
    )
    select distinct s.id as share_id from up
    join share_files sf on sf.file_id = up.id
    join shares s on s.id = sf.share_id and s.user_id = up.user_id
    where s.deleted_at is null
    order by s.id`.execute(db);
  return rows.map((row) => row.share_id);
}

/** GCIDs of the files in the live subtrees of `rootIds` of `userId` (for the audit call's `file_ids`). */
export async function gcidsUnder(db: Db, userId: string, rootIds: readonly string[]): Promise<string[]> {
  if (rootIds.length === 0) return [];
  const { rows } = await sql<{ gcid: string }>`
    with recursive sub(id) as (
      select id from files where user_id = ${userId} and id in (${sql.join(rootIds)})
      union
      select f.id from sub cross join files f
      where f.user_id = ${userId} and f.parent_id = sub.id and f.trashed_at is null
    )
    select distinct blob_gcid as gcid from files
    where id in (select id from sub) and blob_gcid is not null`.execute(db);
  return rows.map((row) => row.gcid);
}
