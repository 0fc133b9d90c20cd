import { NimbusError, type RestoreShareResponse, type ShareStatus } from "@nimbus/protocol";
import type { Config } from "../../config/config.js";
import type { Db } from "../../db/database.js";
import { isUniqueViolation } from "../../db/errors.js";
import type { Clock } from "../../lib/clock.js";
import { lockUser, storageLimit } from "../accounting/storage-accounting.js";
import type { DriveEvents } from "../events/drive-events.js";
import {
  COPY_INLINE_MAX_ITEMS,
  checkCopyable,
  copyTrees,
  type FilesRepository,
  type OpsContext,
  requireDestination,
  subtreeTotals,
} from "../files/index.js";
import type { TaskJobs, TaskResult } from "../tasks/task-jobs.js";
import { storageInUse } from "../users/users-repository.js";
import type { ShareAccessChecker, Visit } from "./share-access.js";
import { pathInShare } from "./share-tree.js";
import type { SharesRepository } from "./shares-repository.js";

export const RESTORE_JOB = "shares.restore";

export interface RestoreJob {
  taskId: string;
  shareId: string;
  ownerId: string;
  saverId: string;
  ids: string[];
  parentId: string;
}

export interface ShareRestoreDeps {
  db: Db;
  access: ShareAccessChecker;
  shares: SharesRepository;
  files: FilesRepository;
  events: DriveEvents;
  taskJobs: TaskJobs;
  clock: Clock;
  config: Pick<Config, "quota">;
}

/**
 * Save to my drive: a cross-user copy built on the files engine's `copyTrees`
 * (decision 0008) — metadata only, blob references counted, the folder tree
 * kept, the bytes charged to the saver and one save taken from the share's
 * restore limit, all in one transaction under the saver's lock. Small saves
 * finish before the answer (RESTORE_COMPLETE); bigger ones run as the
 * `shares.restore` job behind a `restore` task (RESTORE_START).
 */
export class ShareRestore {
  constructor(private readonly deps: ShareRestoreDeps) {}

  registerJobs(): void {
    this.deps.taskJobs.register<RestoreJob>({
      type: RESTORE_JOB,
      repeatable: true, // one transaction: a retry starts from nothing
      concurrency: 2,
      run: (job) => this.save(job),
    });
  }

  async restore(
    visit: Visit & { viewerId: string },
    fileIds: readonly string[],
    requestedParentId: string,
    /** Where a save naming no folder lands (the app folders of decision 0045); asked once the share is open. */
    resolveParent: (parentId: string) => Promise<string> = async (parentId) => parentId,
  ): Promise<RestoreShareResponse> {
    const { deps } = this;
    const access = await deps.access.check(visit);
    const { share } = access;
    if (access.status !== "OK" || !share) throw unavailable(visit.shareId, access.status);
    const roots = new Set(access.roots.map((row) => row.id));
    const ids = fileIds.length === 0 ? [...roots] : [...new Set(fileIds)];
    for (const id of ids) {
      if (!roots.has(id) && !(await pathInShare(deps.db, share.user_id, roots, id))) {
        throw new NimbusError("file_not_found", undefined, { metadata: { id } });
      }
    }
    const saverId = visit.viewerId;
    const ctx = this.context(deps.db);
    const parentId = await resolveParent(requestedParentId);
    await requireDestination(ctx, saverId, parentId);
    const items = await deps.files.findManyOwned(share.user_id, ids);
    for (const item of items) checkCopyable(item);
    const totals = await subtreeTotals(deps.db, share.user_id, ids, "live");
    await this.checkRoom(saverId, totals.bytes);

    const first = items.find((item) => item.id === ids[0]) ?? items[0];
    const newTask = {
      userId: saverId,
      type: "restore",
      name: first?.name ?? share.title,
      params: { share_id: share.id, parent_id: parentId, items: String(totals.items) },
    };
    const job = (task: { id: string }): RestoreJob => ({
      taskId: task.id,
      shareId: share.id,
      ownerId: share.user_id,
      saverId,
      ids,
      parentId,
    });
    if (totals.items <= COPY_INLINE_MAX_ITEMS) {
      const task = await deps.taskJobs.runNow(RESTORE_JOB, newTask, job);
      return { share_id: share.id, restore_task_id: task.id, restore_status: "RESTORE_COMPLETE" };
    }
    const task = await deps.taskJobs.submit(RESTORE_JOB, newTask, job);
    return { share_id: share.id, restore_task_id: task.id, restore_status: "RESTORE_START" };
  }

  /** The save itself, in one transaction: nothing of it stays when any step refuses. */
  private async save(job: RestoreJob): Promise<TaskResult> {
    const { deps } = this;
    const rows = await this.transaction(async (ctx) => {
      await lockUser(ctx.db, job.saverId);
      await requireDestination(ctx, job.saverId, job.parentId);
      if (!(await deps.shares.takeRestore(job.shareId, ctx.db))) {
        const share = await deps.shares.find(job.shareId, ctx.db);
        throw unavailable(job.shareId, share?.deleted_at === null ? "MAX_RESTORE_COUNT" : "DELETED");
      }
      const items = await ctx.files.findManyOwned(job.ownerId, job.ids, ctx.db);
      const live = items.filter((item) => item.trashed_at === null);
      if (live.length === 0) throw unavailable(job.shareId, "DELETED");
      for (const item of live) checkCopyable(item);
      const order = new Map(job.ids.map((id, n) => [id, n]));
      live.sort((a, b) => (order.get(a.id) ?? 0) - (order.get(b.id) ?? 0));
      return copyTrees(
        ctx,
        { userId: job.ownerId, items: live },
        { userId: job.saverId, parentId: job.parentId },
      );
    });
    return { fileId: rows[0]?.id ?? "", fileName: rows[0]?.name ?? "" };
  }

  /** Refuses at once what cannot fit (the save's own charge is the atomic check). */
  private async checkRoom(userId: string, bytes: number): Promise<void> {
    const used = await storageInUse(this.deps.db, userId);
    if (!used) throw new NimbusError("unauthenticated", "account no longer exists");
    const limit = await storageLimit(this.deps.db, userId, this.deps.config.quota, this.deps.clock.now());
    if (used.usage + used.reserved + bytes > limit) {
      throw new NimbusError("file_space_not_enough");
    }
  }

  private context(db: Db): OpsContext {
    const { files, events, clock, config } = this.deps;
    return { db, files, events, clock, quota: config.quota };
  }

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

function unavailable(shareId: string, status: ShareStatus): NimbusError {
  return new NimbusError("share_unavailable", undefined, {
    metadata: { share_id: shareId, share_status: status },
  });
}
