import { FILE_KIND, NimbusError } from "@nimbus/protocol";
import type { Config } from "../../../config/config.js";
import type { Db } from "../../../db/database.js";
import type { Clock } from "../../../lib/clock.js";
import type { DriveEvents, NewEvent } from "../../events/drive-events.js";
import type { FileRow, FilesRepository } from "../files-repository.js";

/** What the tree operations need; each runs inside one transaction (`db`). */
export interface OpsContext {
  db: Db;
  files: FilesRepository;
  events: DriveEvents;
  clock: Clock;
  quota: Config["quota"];
}

/** The caller's rows for `ids` (deduplicated, in the given order); any other id is `file_not_found`. */
export async function requireOwned(
  ctx: OpsContext,
  userId: string,
  ids: readonly string[],
): Promise<FileRow[]> {
  const unique = [...new Set(ids)];
  const rows = await ctx.files.findManyOwned(userId, unique, ctx.db);
  const byId = new Map(rows.map((row) => [row.id, row]));
  return unique.map((id) => {
    const row = byId.get(id);
    if (!row) throw new NimbusError("file_not_found", undefined, { metadata: { id } });
    return row;
  });
}

/** A folder items may be put into: '' (the root) or a live folder of the caller. */
export async function requireDestination(ctx: OpsContext, userId: string, parentId: string): Promise<void> {
  if (parentId === "") return;
  const folder = await ctx.files.findOwned(userId, parentId, ctx.db);
  if (!folder) throw new NimbusError("file_not_found", undefined, { metadata: { id: parentId } });
  if (folder.kind !== FILE_KIND.folder)
    throw new NimbusError("file_parent_invalid", "parent is not a folder");
  if (folder.trashed_at !== null) throw new NimbusError("file_in_trash", "the destination is in the trash");
}

export function requireLive(row: FileRow): void {
  if (row.trashed_at !== null)
    throw new NimbusError("file_in_trash", undefined, { metadata: { id: row.id } });
}

export function eventOf(row: FileRow, type: NewEvent["type"]): NewEvent {
  return {
    userId: row.user_id,
    type,
    fileId: row.id,
    fileName: row.name,
    fileKind: row.kind,
    parentId: row.parent_id,
  };
}

export const isFolder = (row: Pick<FileRow, "kind">): boolean => row.kind === FILE_KIND.folder;
