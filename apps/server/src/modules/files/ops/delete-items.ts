import {
  lockUser,
  releaseBlobReferences,
  releaseOrphanedUploads,
  releaseUsage,
} from "../../accounting/storage-accounting.js";
import type { FileRow } from "../files-repository.js";
import { deleteSubtrees, subtreeTotals } from "../tree.js";
import { eventOf, type OpsContext, requireOwned } from "./context.js";

/**
 * Deletes items for good, with everything under them, live or trashed with
 * them (an item trashed on its own stays in the trash, and untrash makes its
 * folder path again): their blob references are released (a blob at zero
 * waits for GC) and their bytes uncharged, in the same transaction.
 */
export async function deleteItems(
  ctx: OpsContext,
  userId: string,
  ids: readonly string[],
): Promise<FileRow[]> {
  await lockUser(ctx.db, userId);
  const items = await requireOwned(ctx, userId, ids);
  const rootIds = items.map((item) => item.id);
  const totals = await subtreeTotals(ctx.db, userId, rootIds, "owned");
  await deleteSubtrees(ctx.db, userId, rootIds);
  await releaseBlobReferences(ctx.db, totals.blobs, ctx.clock.now());
  await releaseUsage(ctx.db, userId, totals.bytes);
  await releaseOrphanedUploads(ctx.db, userId, ctx.clock.now());
  await ctx.events.record(
    items.map((item) => eventOf(item, "delete")),
    ctx.db,
  );
  return items;
}

/**
 * Deletes the user's trashed items (all of them, or those trashed before
 * `trashedBefore`) for good. Everything inside a trashed folder was trashed
 * with it or earlier, so one range over `trashed_at` takes whole subtrees.
 * Returns how many rows went.
 */
export async function purgeTrash(ctx: OpsContext, userId: string, trashedBefore?: number): Promise<number> {
  await lockUser(ctx.db, userId);
  const base = () => {
    let q = ctx.db.selectFrom("files").where("user_id", "=", userId).where("trashed_at", "is not", null);
    if (trashedBefore !== undefined) q = q.where("trashed_at", "<", trashedBefore);
    return q;
  };
  const groups = await base()
    .select((eb) => ["blob_gcid", eb.fn.countAll<number>().as("n"), eb.fn.sum<number>("size").as("bytes")])
    .groupBy("blob_gcid")
    .execute();
  const roots = await base().selectAll().where("trash_path", "is not", null).limit(200).execute();
  let items = 0;
  let bytes = 0;
  const blobs = new Map<string, number>();
  for (const group of groups) {
    items += Number(group.n);
    if (group.blob_gcid === null) continue;
    bytes += Number(group.bytes ?? 0);
    blobs.set(group.blob_gcid, Number(group.n));
  }
  if (items === 0) return 0;
  let del = ctx.db.deleteFrom("files").where("user_id", "=", userId).where("trashed_at", "is not", null);
  if (trashedBefore !== undefined) del = del.where("trashed_at", "<", trashedBefore);
  await del.execute();
  await releaseBlobReferences(ctx.db, blobs, ctx.clock.now());
  await releaseUsage(ctx.db, userId, bytes);
  await releaseOrphanedUploads(ctx.db, userId, ctx.clock.now());
  await ctx.events.record(
    roots.map((row) => eventOf(row, "delete")),
    ctx.db,
  );
  return items;
}
