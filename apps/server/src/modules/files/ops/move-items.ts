import { NimbusError } from "@nimbus/protocol";
import { lockUser } from "../../accounting/storage-accounting.js";
import type { FileRow } from "../files-repository.js";
import { NameAllocator, nameFields } from "../name-allocator.js";
import { ancestry } from "../tree.js";
import {
  eventOf,
  isFolder,
  type OpsContext,
  requireDestination,
  requireLive,
  requireOwned,
} from "./context.js";

/**
 * Moves items into `parentId` ('' = root), taking `name (n)` where a name is
 * taken. Only the moved rows change (children follow their parent). A folder
 * cannot go into itself or below itself: `file_move_into_itself`.
 */
export async function moveItems(
  ctx: OpsContext,
  userId: string,
  ids: readonly string[],
  parentId: string,
): Promise<FileRow[]> {
  await lockUser(ctx.db, userId);
  await requireDestination(ctx, userId, parentId);
  const items = await requireOwned(ctx, userId, ids);
  for (const item of items) requireLive(item);
  await refuseIntoItself(ctx, userId, items, parentId, "file_move_into_itself");

  const allocator = new NameAllocator(ctx.db, ctx.files, userId, parentId);
  const moving = items.filter((item) => item.parent_id !== parentId);
  await allocator.prime(moving.map((item) => item.name));
  const result: FileRow[] = [];
  const moved: FileRow[] = [];
  for (const item of items) {
    if (item.parent_id === parentId) {
      result.push(item);
      continue;
    }
    const names = nameFields(await allocator.allocate(item.name, isFolder(item)));
    await ctx.db
      .updateTable("files")
      .set({ parent_id: parentId, ...names })
      .where("id", "=", item.id)
      .where("user_id", "=", userId)
      .execute();
    const row = { ...item, parent_id: parentId, ...names };
    result.push(row);
    moved.push(row);
  }
  await ctx.events.record(
    moved.map((row) => eventOf(row, "move")),
    ctx.db,
  );
  return result;
}

/** Throws `error` when the destination is one of the folders or lies below one of them. */
export async function refuseIntoItself(
  ctx: OpsContext,
  userId: string,
  items: readonly FileRow[],
  parentId: string,
  error: "file_move_into_itself" | "file_copy_into_itself",
): Promise<void> {
  if (parentId === "") return;
  const folders = new Set(items.filter(isFolder).map((item) => item.id));
  if (folders.size === 0) return;
  const chain = await ancestry(ctx.db, userId, parentId);
  const hit = chain.find((row) => folders.has(row.id));
  if (hit) throw new NimbusError(error, undefined, { metadata: { id: hit.id } });
}
