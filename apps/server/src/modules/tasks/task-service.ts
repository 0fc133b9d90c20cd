import {
  DEFAULT_PAGE_LIMIT,
  type DriveTask,
  type DriveTaskList,
  NimbusError,
  type Phase,
} from "@nimbus/protocol";
import type { Db } from "../../db/database.js";
import type { Clock } from "../../lib/clock.js";
import { newId } from "../../lib/ids.js";
import { keysetPage, readIdPageToken } from "../../lib/page-token.js";
import { parseTaskFilters } from "./task-filters.js";
import { parseParams, presentTask, type TaskRow } from "./task-presenter.js";

export interface NewTask {
  userId: string;
  /** `copy`, `offline`, `decompress`, `restore`, … */
  type: string;
  name: string;
  fileId?: string;
  fileName?: string;
  params?: Record<string, string>;
}

export interface TaskUpdate {
  phase?: Phase;
  /** 0–100; clamped. */
  progress?: number;
  message?: string;
  fileId?: string;
  fileName?: string;
  /** Added to the task's params (a key given again is replaced). */
  params?: Record<string, string>;
}

/**
 * User-visible `drive#task` records. Background work (a job) creates one, then
 * reports phase and progress as it goes: PENDING → RUNNING → COMPLETE | ERROR
 * (PAUSED when paused). Updates of a task its owner deleted are ignored (they
 * answer false, so a job can stop early).
 */
export class TaskService {
  constructor(
    private readonly db: Db,
    private readonly clock: Clock,
  ) {}

  async create(task: NewTask, db: Db = this.db): Promise<DriveTask> {
    const now = this.clock.now();
    const row: TaskRow = {
      id: newId(now),
      user_id: task.userId,
      type: task.type,
      name: task.name,
      phase: "PHASE_TYPE_PENDING",
      progress: 0,
      file_id: task.fileId ?? "",
      file_name: task.fileName ?? "",
      message: "",
      params: JSON.stringify(task.params ?? {}),
      created_at: now,
      updated_at: now,
    };
    await db.insertInto("tasks").values(row).execute();
    return presentTask(row);
  }

  /** Applies an update; false when the task no longer exists. */
  async update(id: string, update: TaskUpdate): Promise<boolean> {
    const result = await this.db
      .updateTable("tasks")
      .set(await this.changes(id, update))
      .where("id", "=", id)
      .executeTakeFirst();
    return result.numUpdatedRows > 0n;
  }

  /**
   * Applies an update and answers the task as this update left it (not as a job that
   * picked it up a moment later made it); undefined when the task no longer exists.
   */
  async updateAndGet(id: string, update: TaskUpdate): Promise<DriveTask | undefined> {
    const row = await this.db
      .updateTable("tasks")
      .set(await this.changes(id, update))
      .where("id", "=", id)
      .returningAll()
      .executeTakeFirst();
    return row && presentTask(row);
  }

  private async changes(id: string, update: TaskUpdate) {
    const params = update.params && (await this.mergedParams(id, update.params));
    return {
      updated_at: this.clock.now(),
      ...(update.phase !== undefined && { phase: update.phase }),
      ...(update.progress !== undefined && {
        progress: Math.max(0, Math.min(100, Math.round(update.progress))),
      }),
      ...(update.message !== undefined && { message: update.message }),
      ...(update.fileId !== undefined && { file_id: update.fileId }),
      ...(update.fileName !== undefined && { file_name: update.fileName }),
      ...(params !== undefined && { params }),
    };
  }

  private async mergedParams(id: string, added: Record<string, string>): Promise<string | undefined> {
    const row = await this.db.selectFrom("tasks").select("params").where("id", "=", id).executeTakeFirst();
    return row && JSON.stringify({ ...parseParams(row.params), ...added });
  }

  start(id: string): Promise<boolean> {
    return this.update(id, { phase: "PHASE_TYPE_RUNNING" });
  }

  progress(id: string, progress: number): Promise<boolean> {
    return this.update(id, { progress });
  }

  complete(id: string, result: Omit<TaskUpdate, "phase" | "progress"> = {}): Promise<boolean> {
    return this.update(id, { ...result, phase: "PHASE_TYPE_COMPLETE", progress: 100 });
  }

  fail(id: string, message: string): Promise<boolean> {
    return this.update(id, { phase: "PHASE_TYPE_ERROR", message });
  }

  /** Fails the task unless it already ended (a job given up after a crash may have finished it). */
  async failUnfinished(id: string, message: string): Promise<boolean> {
    const result = await this.db
      .updateTable("tasks")
      .set({ phase: "PHASE_TYPE_ERROR", message, updated_at: this.clock.now() })
      .where("id", "=", id)
      .where("phase", "not in", ["PHASE_TYPE_COMPLETE", "PHASE_TYPE_ERROR"])
      .executeTakeFirst();
    return result.numUpdatedRows > 0n;
  }

  /** The task, only for its owner (else `task_not_found`). */
  async get(userId: string, id: string): Promise<DriveTask> {
    const row = await this.db
      .selectFrom("tasks")
      .selectAll()
      .where("user_id", "=", userId)
      .where("id", "=", id)
      .executeTakeFirst();
    if (!row) throw new NimbusError("task_not_found", undefined, { metadata: { id } });
    return presentTask(row);
  }

  /** A task's row by id, whoever owns it: for the job that runs it. */
  row(id: string): Promise<TaskRow | undefined> {
    return this.db.selectFrom("tasks").selectAll().where("id", "=", id).executeTakeFirst();
  }

  /** How many tasks of `type` the user created at or after `since`. */
  async countCreatedSince(userId: string, type: string, since: number): Promise<number> {
    const row = await this.db
      .selectFrom("tasks")
      .select((eb) => eb.fn.countAll<number>().as("n"))
      .where("user_id", "=", userId)
      .where("type", "=", type)
      .where("created_at", ">=", since)
      .executeTakeFirst();
    return Number(row?.n ?? 0);
  }

  /** The params of the user's tasks of `type` created at or after `since`. */
  async paramsCreatedSince(userId: string, type: string, since: number): Promise<Record<string, string>[]> {
    const rows = await this.db
      .selectFrom("tasks")
      .select("params")
      .where("user_id", "=", userId)
      .where("type", "=", type)
      .where("created_at", ">=", since)
      .execute();
    return rows.map((row) => parseParams(row.params));
  }

  /** The caller's tasks of `type` among `ids` (others' ids are ignored): id, result and phase. */
  ownedAmong(userId: string, type: string, ids: readonly string[]) {
    return this.db
      .selectFrom("tasks")
      .select(["id", "file_id", "phase"])
      .where("user_id", "=", userId)
      .where("type", "=", type)
      .where("id", "in", ids)
      .execute();
  }

  /** Every task counted by type and phase (the operators' metrics). */
  async countsByTypeAndPhase(): Promise<{ type: string; phase: string; count: number }[]> {
    const rows = await this.db
      .selectFrom("tasks")
      .select(["type", "phase", (eb) => eb.fn.countAll<number | string>().as("count")])
      .groupBy(["type", "phase"])
      .execute();
    return rows.map((row) => ({ type: row.type, phase: row.phase, count: Number(row.count) }));
  }

  /** Newest first, by `type` and phase filters; the page token is the last id served. */
  async list(
    userId: string,
    q: { type?: string; filters?: string; limit?: number; pageToken?: string },
  ): Promise<DriveTaskList> {
    const { phases } = parseTaskFilters(q.filters);
    const limit = q.limit ?? DEFAULT_PAGE_LIMIT;
    let query = this.db.selectFrom("tasks").selectAll().where("user_id", "=", userId);
    if (q.type) query = query.where("type", "=", q.type);
    if (phases) query = query.where("phase", "in", phases);
    if (q.pageToken) query = query.where("id", "<", readIdPageToken(q.pageToken));
    const rows = await query
      .orderBy("id", "desc")
      .limit(limit + 1)
      .execute();
    const page = keysetPage(rows, limit, (last) => last.id);
    return { kind: "drive#taskList", tasks: page.rows.map(presentTask), next_page_token: page.nextPageToken };
  }

  /** Deletes the caller's tasks among `ids` (others' ids are ignored); returns how many. */
  async delete(userId: string, ids: readonly string[]): Promise<number> {
    if (ids.length === 0) return 0;
    const result = await this.db
      .deleteFrom("tasks")
      .where("user_id", "=", userId)
      .where("id", "in", ids)
      .executeTakeFirst();
    return Number(result.numDeletedRows);
  }
}
