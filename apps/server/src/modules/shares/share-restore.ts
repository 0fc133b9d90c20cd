import { NimbusError, type RestoreShareResponse, type ShareStatus } from "@nimbus/protocol";
import type { Config } from "../../config/config.js";
import type { Db } from "../../db/database.js";
import { isUniqueViolation } from "../../db/errors.js";
import type { JobContext, JobQueue } from "../../jobs/job-queue.js";
import type { Clock } from "../../lib/clock.js";
import type { DriveEvents } from "../events/drive-events.js";
import { lockUser, storageLimit } from "../files/accounting.js";
import { COPY_INLINE_MAX_ITEMS } from "../files/file-operations.js";
import type { FilesRepository } from "../files/files-repository.js";
import { type OpsContext, requireDestination } from "../files/ops/context.js";
import { checkCopyable, copyTrees } from "../files/ops/copy-items.js";
import { subtreeTotals } from "../files/tree.js";
import type { TaskService } from "../tasks/task-service.js";
import type { ShareAccessChecker, Visit } from "./share-access.js";
import { pathInShare } from "./share-tree.js";
import type { SharesRepository } from "./shares-repository.js";

export const RESTORE_JOB = "shares.restore";
const RESTORE_MAX_ATTEMPTS = 3;

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
  tasks: TaskService;
  jobs: JobQueue;
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
    this.deps.jobs.register<RestoreJob>(RESTORE_JOB, (job, context) => this.runJob(job, context), {
      concurrency: 2,
    });
  }

  async restore(
    visit: Visit & { viewerId: string },
    fileIds: readonly string[],
    parentId: string,
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
    await requireDestination(ctx, saverId, parentId);
    const items = await deps.files.findManyOwned(share.user_id, ids);
    for (const item of items) checkCopyable(item);
    const totals = await subtreeTotals(deps.db, share.user_id, ids, "live");
    await this.checkRoom(saverId, totals.bytes);

    const first = items.find((item) => item.id === ids[0]) ?? items[0];
    const task = await deps.tasks.create({
      userId: saverId,
      type: "restore",
      name: first?.name ?? share.title,
      params: { share_id: share.id, parent_id: parentId, items: String(totals.items) },
    });
    const job: RestoreJob = {
      taskId: task.id,
      shareId: share.id,
      ownerId: share.user_id,
      saverId,
      ids,
      parentId,
    };
    const done = { share_id: share.id, restore_task_id: task.id };
    if (totals.items <= COPY_INLINE_MAX_ITEMS) {
      try {
        await this.save(job);
      } catch (error) {
        await deps.tasks.fail(task.id, error instanceof NimbusError ? error.error : "internal");
        throw error;
      }
      return { ...done, restore_status: "RESTORE_COMPLETE" };
    }
    try {
      await deps.jobs.enqueue(RESTORE_JOB, job, { maxAttempts: RESTORE_MAX_ATTEMPTS });
    } catch (error) {
      await deps.tasks.fail(task.id, "internal");
      throw error;
    }
    return { ...done, restore_status: "RESTORE_START" };
  }

  /** The save itself, in one transaction: nothing of it stays when any step refuses. */
  private async save(job: RestoreJob): Promise<void> {
    const { deps } = this;
    const rows = await this.transaction(async (ctx) => {
      const saver = await lockUser(ctx.db, job.saverId);
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
        { userId: job.saverId, parentId: job.parentId, vipType: saver.vip_type },
      );
    });
    await deps.tasks.complete(job.taskId, { fileId: rows[0]?.id ?? "", fileName: rows[0]?.name ?? "" });
  }

  private async runJob(job: RestoreJob, context: JobContext): Promise<void> {
    const { tasks } = this.deps;
    if (!(await tasks.start(job.taskId))) return; // the saver deleted the task
    try {
      await this.save(job);
    } catch (error) {
      if (error instanceof NimbusError) {
        await tasks.fail(job.taskId, error.error);
        return;
      }
      if (context.attempt >= RESTORE_MAX_ATTEMPTS) await tasks.fail(job.taskId, "internal");
      throw error;
    }
  }

  /** Refuses at once what cannot fit (the save's own charge is the atomic check). */
  private async checkRoom(userId: string, bytes: number): Promise<void> {
    const user = await this.deps.db
      .selectFrom("users")
      .select(["vip_type", "storage_usage", "storage_reserved"])
      .where("id", "=", userId)
      .executeTakeFirst();
    if (!user) throw new NimbusError("unauthenticated", "account no longer exists");
    const limit = storageLimit(user.vip_type, this.deps.config.quota);
    if (Number(user.storage_usage) + Number(user.storage_reserved) + bytes > limit) {
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
