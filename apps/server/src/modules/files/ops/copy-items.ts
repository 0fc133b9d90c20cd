import { FILE_KIND, NimbusError } from "@nimbus/protocol";
import { newId } from "../../../lib/ids.js";
import { addBlobReferences, lockUser, storageLimit } from "../../accounting/storage-accounting.js";
import { chargeStorage } from "../../accounting/storage-charges.js";
import type { FileRow, NewFileRow } from "../files-repository.js";
import { NameAllocator, nameFields } from "../name-allocator.js";
import { subtreeTotals } from "../tree.js";
import {
  eventOf,
  isFolder,
  type OpsContext,
  requireDestination,
  requireLive,
  requireOwned,
} from "./context.js";
import { refuseIntoItself } from "./move-items.js";

const CHUNK = 500;

/** What a copy takes from its source row (a 10,000-row copy reads only these). */
const COPIED_COLUMNS = [
  "id",
  "parent_id",
  "kind",
  "name",
  "name_folded",
  "size",
  "blob_gcid",
  "mime_type",
  "phase",
  "modified_at",
] as const satisfies readonly (keyof FileRow)[];
type CopySource = Pick<FileRow, (typeof COPIED_COLUMNS)[number]>;

export interface CopyPlan {
  /** Rows the copy will create (the live subtrees of the items). */
  items: number;
}

/** Checks a copy and measures it, without writing: the caller decides between inline and a task. */
export async function planCopy(
  ctx: OpsContext,
  userId: string,
  ids: readonly string[],
  parentId: string,
): Promise<CopyPlan> {
  await requireDestination(ctx, userId, parentId);
  const items = await requireOwned(ctx, userId, ids);
  for (const item of items) checkCopyable(item);
  await refuseIntoItself(ctx, userId, items, parentId, "file_copy_into_itself");
  const totals = await subtreeTotals(
    ctx.db,
    userId,
    items.map((item) => item.id),
    "live",
  );
  return { items: totals.items };
}

/**
 * Copies items and their live content into `parentId`. Metadata only: every
 * copied file references its source's blob (counts grow), and the owner is
 * charged the copied bytes in the same transaction, within their limit.
 * Files still uploading inside a folder are left out. Returns the top-level copies.
 */
export async function copyItems(
  ctx: OpsContext,
  userId: string,
  ids: readonly string[],
  parentId: string,
): Promise<FileRow[]> {
  await lockUser(ctx.db, userId);
  await requireDestination(ctx, userId, parentId);
  const items = await requireOwned(ctx, userId, ids);
  for (const item of items) checkCopyable(item);
  await refuseIntoItself(ctx, userId, items, parentId, "file_copy_into_itself");
  return copyTrees(ctx, { userId, items }, { userId, parentId });
}

/** Where `copyTrees` puts copies: a checked folder of a user whose lock the transaction holds. */
export interface CopyTarget {
  userId: string;
  parentId: string;
}

/**
 * The copy itself, also across users (saving a share: modules/shares). `source.items`
 * are checked rows of `source.userId`; they and their live content become rows of
 * the target user under `target.parentId`, referencing the same blobs, with the
 * bytes charged to the target within their limit (`file_space_not_enough`
 * leaves nothing written when the caller's transaction rolls back).
 */
export async function copyTrees(
  ctx: OpsContext,
  source: { userId: string; items: readonly FileRow[] },
  target: CopyTarget,
): Promise<FileRow[]> {
  const { items } = source;
  const { userId, parentId } = target;
  const now = ctx.clock.now();
  const rows: NewFileRow[] = [];
  const blobs = new Map<string, number>();
  let bytes = 0;
  const copyOf = (source: CopySource, newParent: string, name: string): NewFileRow => {
    if (source.blob_gcid !== null) {
      blobs.set(source.blob_gcid, (blobs.get(source.blob_gcid) ?? 0) + 1);
      bytes += source.size;
    }
    const row: NewFileRow = {
      id: newId(now),
      user_id: userId,
      parent_id: newParent,
      kind: source.kind,
      name,
      ...(name === source.name && { name_folded: source.name_folded }),
      size: source.size,
      blob_gcid: source.blob_gcid,
      mime_type: source.mime_type,
      phase: source.phase,
      trashed_at: null,
      starred_at: null,
      created_at: now,
      modified_at: source.modified_at,
    };
    rows.push(row);
    return row;
  };

  const allocator = new NameAllocator(ctx.db, ctx.files, userId, parentId);
  await allocator.prime(items.map((item) => item.name));
  const top: NewFileRow[] = [];
  /** Source folder id → the id of its copy, for the level being copied. */
  let frontier = new Map<string, string>();
  for (const item of items) {
    const copy = copyOf(item, parentId, await allocator.allocate(item.name, isFolder(item)));
    top.push(copy);
    if (isFolder(item)) frontier.set(item.id, copy.id);
  }
  while (frontier.size > 0) {
    const next = new Map<string, string>();
    const parents = [...frontier.keys()];
    for (let i = 0; i < parents.length; i += CHUNK) {
      const children = await ctx.db
        .selectFrom("files")
        .select(COPIED_COLUMNS)
        .where("user_id", "=", source.userId)
        .where("parent_id", "in", parents.slice(i, i + CHUNK))
        .where("trashed_at", "is", null)
        .execute();
      for (const child of children) {
        if (!isFolder(child) && !isComplete(child)) continue;
        const copy = copyOf(child, frontier.get(child.parent_id) as string, child.name);
        if (isFolder(child)) next.set(child.id, copy.id);
      }
    }
    frontier = next;
  }

  await chargeStorage(ctx.db, userId, bytes, await storageLimit(ctx.db, userId, ctx.quota, ctx.clock.now()));
  await ctx.files.insertMany(rows, ctx.db);
  await addBlobReferences(ctx.db, blobs);
  const created = top.map(
    (row): FileRow => ({ ...(row as FileRow), ...nameFields(row.name), trash_path: null }),
  );
  await ctx.events.record(
    created.map((row) => eventOf(row, "copy")),
    ctx.db,
  );
  return created;
}

export function checkCopyable(item: FileRow): void {
  requireLive(item);
  if (item.kind === FILE_KIND.file && !isComplete(item)) {
    throw new NimbusError("file_not_ready", undefined, { metadata: { id: item.id } });
  }
}

export function isComplete(row: Pick<FileRow, "phase" | "blob_gcid">): boolean {
  return row.phase === "PHASE_TYPE_COMPLETE" && row.blob_gcid !== null;
}
