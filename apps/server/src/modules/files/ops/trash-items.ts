import { FILE_KIND } from "@nimbus/protocol";
import { newId } from "../../../lib/ids.js";
import { lockUser } from "../../accounting/storage-accounting.js";
import type { FileRow } from "../files-repository.js";
import { NameAllocator, nameFields } from "../name-allocator.js";
import { ancestry, restoreDescendants, trashDescendants } from "../tree.js";
import { eventOf, isFolder, type OpsContext, requireOwned } from "./context.js";

/**
 * Puts items in the trash. Each becomes a trash root remembering the names of
 * its ancestors (`trash_path`); what is inside a folder goes to the trash with
 * it (`trashed_at` set, no `trash_path`). Usage is unchanged: the trash counts.
 * Items already in the trash are left as they are.
 */
export async function trashItems(
  ctx: OpsContext,
  userId: string,
  ids: readonly string[],
): Promise<FileRow[]> {
  await lockUser(ctx.db, userId);
  const items = (await requireOwned(ctx, userId, ids)).filter((item) => item.trashed_at === null);
  const now = ctx.clock.now();
  const paths = new Map<string, string>();
  for (const item of items) {
    let path = paths.get(item.parent_id);
    if (path === undefined) {
      path = JSON.stringify(await namesAbove(ctx, userId, item.parent_id));
      paths.set(item.parent_id, path);
    }
    await ctx.db
      .updateTable("files")
      .set({ trashed_at: now, trash_path: path })
      .where("id", "=", item.id)
      .where("user_id", "=", userId)
      .where("trashed_at", "is", null)
      .execute();
  }
  await trashDescendants(
    ctx.db,
    userId,
    items.filter(isFolder).map((item) => item.id),
    now,
  );
  await ctx.events.record(
    items.map((item) => eventOf(item, "trash")),
    ctx.db,
  );
  return items;
}

/**
 * Takes items out of the trash, back into their original folder; when that
 * folder is gone (deleted, or itself in the trash) the folder path is made
 * again by name from the root. A taken name becomes `name (n)`. What went to
 * the trash with a folder comes back with it. Items not in the trash are skipped.
 */
export async function untrashItems(
  ctx: OpsContext,
  userId: string,
  ids: readonly string[],
): Promise<FileRow[]> {
  await lockUser(ctx.db, userId);
  await requireOwned(ctx, userId, ids);
  const restored: FileRow[] = [];
  for (const id of new Set(ids)) {
    // Re-read: restoring an earlier item of the batch may have restored this one.
    const item = await ctx.files.findOwned(userId, id, ctx.db);
    if (!item || item.trashed_at === null) continue;
    const parentId = await restoreTarget(ctx, userId, item);
    const allocator = new NameAllocator(ctx.db, ctx.files, userId, parentId);
    const names = nameFields(await allocator.allocate(item.name, isFolder(item)));
    await ctx.db
      .updateTable("files")
      .set({ trashed_at: null, trash_path: null, parent_id: parentId, ...names })
      .where("id", "=", item.id)
      .where("user_id", "=", userId)
      .execute();
    if (isFolder(item)) await restoreDescendants(ctx.db, userId, item.id);
    restored.push({ ...item, trashed_at: null, trash_path: null, parent_id: parentId, ...names });
  }
  await ctx.events.record(
    restored.map((row) => eventOf(row, "untrash")),
    ctx.db,
  );
  return restored;
}

/** The folder an item returns to: its parent if still live, else its old path made again. */
async function restoreTarget(ctx: OpsContext, userId: string, item: FileRow): Promise<string> {
  if (item.parent_id === "") return "";
  const parent = await ctx.files.findOwned(userId, item.parent_id, ctx.db);
  if (parent && parent.trashed_at === null && isFolder(parent)) return parent.id;
  const names: string[] = item.trash_path
    ? parsePath(item.trash_path)
    : await namesAbove(ctx, userId, item.parent_id);
  return ensurePath(ctx, userId, names);
}

/** Names of `folderId` and its ancestors, root first ([] for the root). */
async function namesAbove(ctx: OpsContext, userId: string, folderId: string): Promise<string[]> {
  if (folderId === "") return [];
  const chain = await ancestry(ctx.db, userId, folderId);
  return chain.map((row) => row.name).reverse();
}

/** Walks `names` from the root through live folders, creating the missing ones; returns the last id. */
async function ensurePath(ctx: OpsContext, userId: string, names: readonly string[]): Promise<string> {
  let parentId = "";
  for (const name of names) {
    const existing = await ctx.db
      .selectFrom("files")
      .select("id")
      .where("user_id", "=", userId)
      .where("parent_id", "=", parentId)
      .where("name", "=", name)
      .where("kind", "=", FILE_KIND.folder)
      .where("trashed_at", "is", null)
      .executeTakeFirst();
    if (existing) {
      parentId = existing.id;
      continue;
    }
    const allocator = new NameAllocator(ctx.db, ctx.files, userId, parentId);
    const now = ctx.clock.now();
    const id = newId(now);
    await ctx.files.insert(
      {
        id,
        user_id: userId,
        parent_id: parentId,
        kind: FILE_KIND.folder,
        name: await allocator.allocate(name, true),
        size: 0,
        blob_gcid: null,
        mime_type: "",
        phase: "PHASE_TYPE_COMPLETE",
        trashed_at: null,
        starred_at: null,
        created_at: now,
        modified_at: now,
      },
      ctx.db,
    );
    parentId = id;
  }
  return parentId;
}

function parsePath(text: string): string[] {
  try {
    const value: unknown = JSON.parse(text);
    return Array.isArray(value) ? value.filter((v): v is string => typeof v === "string") : [];
  } catch {
    return [];
  }
}
