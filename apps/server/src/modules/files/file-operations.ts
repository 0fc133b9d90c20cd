import { type BatchResult, NimbusError } from "@nimbus/protocol";
import type { Config } from "../../config/config.js";
import type { Db } from "../../db/database.js";
import { isUniqueViolation } from "../../db/errors.js";
import type { Clock } from "../../lib/clock.js";
import { lockUser } from "../accounting/storage-accounting.js";
import type { DriveEvents } from "../events/drive-events.js";
import type { TaskJobs, TaskResult } from "../tasks/task-jobs.js";
import type { FileRow, FilesRepository } from "./files-repository.js";
import { NameAllocator, nameFields } from "./name-allocator.js";
import { validateName } from "./names.js";
import { eventOf, isFolder, type OpsContext, requireLive, requireOwned } from "./ops/context.js";
import { copyItems, planCopy } from "./ops/copy-items.js";
import { deleteItems, purgeTrash } from "./ops/delete-items.js";
import { moveItems } from "./ops/move-items.js";
import { trashItems, untrashItems } from "./ops/trash-items.js";

/** Copies of up to this many items (all levels) run inline; bigger ones become a `drive#task`. */
export const COPY_INLINE_MAX_ITEMS = 1000;
export const COPY_JOB = "files.copy";

export interface CopyJob {
  taskId: string;
  userId: string;
  ids: string[];
  parentId: string;
}

export interface FileOperationsDeps {
  db: Db;
  files: FilesRepository;
  events: DriveEvents;
  taskJobs: TaskJobs;
  clock: Clock;
  config: Pick<Config, "quota">;
}

/**
 * Changes to a drive's tree: rename, move, copy, trash, untrash, delete, empty
 * the trash, star. Each runs in one transaction under the user's lock, with the
 * usage and reference counters and the activity feed updated in it.
 */
export class FileOperations {
  constructor(private readonly deps: FileOperationsDeps) {}

  /** The job types this service runs; call before the queue starts. */
  registerJobs(): void {
    this.deps.taskJobs.register<CopyJob>({
      type: COPY_JOB,
      repeatable: true, // one transaction: a retry starts from nothing
      concurrency: 2,
      run: (job) => this.runCopyTask(job),
    });
  }

  rename(userId: string, id: string, rawName: string, onConflict: "rename" | "fail"): Promise<FileRow> {
    return this.transaction((ctx) => this.renameIn(ctx, userId, id, rawName, onConflict));
  }

  /**
   * Puts `oldId` in the trash and gives `newId` its name, in one transaction (a WebDAV PUT
   * over a file): whoever looks up the name finds the old file or the new one, never neither.
   */
  replace(userId: string, oldId: string, newId: string): Promise<FileRow> {
    return this.transaction(async (ctx) => {
      const [old] = await trashItems(ctx, userId, [oldId]);
      if (!old) throw new NimbusError("file_not_found");
      return this.renameIn(ctx, userId, newId, old.name, "fail");
    });
  }

  private async renameIn(
    ctx: OpsContext,
    userId: string,
    id: string,
    rawName: string,
    onConflict: "rename" | "fail",
  ): Promise<FileRow> {
    await lockUser(ctx.db, userId);
    const [item] = (await requireOwned(ctx, userId, [id])) as [FileRow];
    requireLive(item);
    const wanted = validateName(rawName);
    if (wanted === item.name) return item;
    const allocator = new NameAllocator(ctx.db, ctx.files, userId, item.parent_id);
    if (onConflict === "fail" && (await allocator.isTaken(wanted))) {
      throw new NimbusError("file_name_conflict", undefined, { metadata: { name: wanted } });
    }
    const names = nameFields(await allocator.allocate(wanted, isFolder(item)));
    await ctx.db
      .updateTable("files")
      .set(names)
      .where("id", "=", item.id)
      .where("user_id", "=", userId)
      .execute();
    const renamed = { ...item, ...names };
    await ctx.events.record([eventOf(renamed, "rename")], ctx.db);
    return renamed;
  }

  move(userId: string, ids: readonly string[], parentId: string): Promise<FileRow[]> {
    return this.transaction((ctx) => moveItems(ctx, userId, ids, parentId));
  }

  /** Copies inline when small; else starts a `copy` task and answers its id. */
  async copy(
    userId: string,
    ids: readonly string[],
    parentId: string,
  ): Promise<{ taskId: string; rows?: FileRow[] }> {
    const plan = await planCopy(this.context(this.deps.db), userId, ids, parentId);
    if (plan.items <= COPY_INLINE_MAX_ITEMS) {
      return { taskId: "", rows: await this.transaction((ctx) => copyItems(ctx, userId, ids, parentId)) };
    }
    const [first] = await this.deps.files.findManyOwned(userId, ids.slice(0, 1));
    const task = await this.deps.taskJobs.submit<CopyJob>(
      COPY_JOB,
      {
        userId,
        type: "copy",
        name: first?.name ?? "",
        params: { parent_id: parentId, ids: String(new Set(ids).size), items: String(plan.items) },
      },
      (created) => ({ taskId: created.id, userId, ids: [...new Set(ids)], parentId }),
    );
    return { taskId: task.id };
  }

  trash(userId: string, ids: readonly string[]): Promise<FileRow[]> {
    return this.transaction((ctx) => trashItems(ctx, userId, ids));
  }

  untrash(userId: string, ids: readonly string[]): Promise<FileRow[]> {
    return this.transaction((ctx) => untrashItems(ctx, userId, ids));
  }

  delete(userId: string, ids: readonly string[]): Promise<FileRow[]> {
    return this.transaction((ctx) => deleteItems(ctx, userId, ids));
  }

  emptyTrash(userId: string): Promise<number> {
    return this.transaction((ctx) => purgeTrash(ctx, userId));
  }

  /** Deletes what has been in the trash since before `cutoff` (the expiry job), one user at a time. */
  async expireTrash(cutoff: number, maxUsers = 100): Promise<number> {
    const users = await this.deps.db
      .selectFrom("files")
      .select("user_id")
      .distinct()
      .where("trashed_at", "is not", null)
      .where("trashed_at", "<", cutoff)
      .limit(maxUsers)
      .execute();
    let removed = 0;
    for (const { user_id } of users)
      removed += await this.transaction((ctx) => purgeTrash(ctx, user_id, cutoff));
    return removed;
  }

  star(userId: string, ids: readonly string[], starred: boolean): Promise<FileRow[]> {
    return this.transaction(async (ctx) => {
      const items = await requireOwned(ctx, userId, ids);
      const changed = items.filter((item) => (item.starred_at !== null) !== starred);
      if (changed.length > 0) {
        await ctx.db
          .updateTable("files")
          .set({ starred_at: starred ? ctx.clock.now() : null })
          .where("user_id", "=", userId)
          .where(
            "id",
            "in",
            changed.map((item) => item.id),
          )
          .execute();
      }
      await ctx.events.record(
        changed.map((item) => eventOf(item, starred ? "star" : "unstar")),
        ctx.db,
      );
      return items;
    });
  }

  private async runCopyTask(job: CopyJob): Promise<TaskResult> {
    const rows = await this.transaction((ctx) => copyItems(ctx, job.userId, job.ids, job.parentId));
    return {
      fileId: rows[0]?.id ?? "",
      fileName: rows[0]?.name ?? "",
      // Every top-level copy, so a client can undo the whole copy.
      params: { file_ids: rows.map((row) => row.id).join(",") },
    };
  }

  private context(db: Db): OpsContext {
    const { files, events, clock, config } = this.deps;
    return { db, files, events, clock, quota: config.quota };
  }

  /** Runs `work` in a transaction; a name taken meanwhile by a concurrent insert is `file_name_conflict`. */
  private async transaction<T>(work: (ctx: OpsContext) => Promise<T>): Promise<T> {
    try {
      return await this.deps.db.transaction().execute((trx) => work(this.context(trx)));
    } catch (error) {
      if (isUniqueViolation(error))
        throw new NimbusError("file_name_conflict", "the name was taken meanwhile");
      throw error;
    }
  }
}

/** The answer of a batch call done inline. */
export function doneBatch(files?: BatchResult["files"]): BatchResult {
  return files ? { task_id: "", files } : { task_id: "" };
}
