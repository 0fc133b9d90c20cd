import { type DriveTask, NimbusError } from "@nimbus/protocol";
import type { Db } from "../../db/database.js";
import type { JobContext, JobQueue } from "../../jobs/job-queue.js";
import type { NewTask, TaskService, TaskUpdate } from "./task-service.js";

/** Total runs of a repeatable task job before its task fails as `internal`. */
export const TASK_MAX_ATTEMPTS = 3;

/** The payload of every task-backed job names its task. */
export interface TaskJob {
  taskId: string;
}

/** What a finished run adds to its task (file, message, params). */
export type TaskResult = Omit<TaskUpdate, "phase" | "progress">;

export interface TaskJobType<T extends TaskJob> {
  /** The job type in the queue (`files.copy`, …). */
  type: string;
  /**
   * True when a run can be repeated without harm (it commits in one transaction):
   * a fault is retried and a run cut short by shutdown runs again on the next start.
   * False when it commits as it goes: it runs once, and shutdown ends it as `task_interrupted`.
   */
  repeatable: boolean;
  /** The work; answers what the completed task records. */
  run(job: T, context: JobContext): Promise<TaskResult | undefined>;
  /** Gives back what the job held (space, temporary files) once it ends for good, however it ends. */
  release?(job: T): Promise<void>;
  /** Most jobs of this type running at once in this process (default 1). */
  concurrency?: number;
  /** Most jobs of one group (a user) of this type running at once. */
  perGroup?: number;
}

export interface SubmitOptions {
  /** The group of the job (a user id), for its type's `perGroup` bound. */
  group?: string;
  /** Runs in the transaction that creates the task (e.g. to hold space for it). */
  accept?: (task: DriveTask, db: Db) => Promise<void>;
}

/**
 * Thrown by a run that stops on purpose and leaves its task as it set it (a paused
 * cloud download): the task is neither failed nor completed, the job ends, and what
 * the job holds is kept unless `release` is true (the task was deleted).
 */
export class TaskSuspended extends Error {
  constructor(readonly release = false) {
    super("task suspended");
  }
}

/** How a failed run ends: the task's error (none: the task stays as it is) and whether the queue sees the fault. */
interface Outcome {
  reason?: string;
  rethrow: boolean;
}

/**
 * The one retry policy of task-backed jobs. A refusal (`NimbusError`) fails the
 * task with its name and is never retried. A run cut short by shutdown runs
 * again on the next start when repeatable, else fails as `task_interrupted`. Any
 * other fault is retried while a repeatable job has attempts left; the last
 * attempt fails the task as `internal`. Faults reach the queue (logged, retried).
 */
export function outcomeOf(error: unknown, repeatable: boolean, context: JobContext): Outcome {
  if (context.signal.aborted)
    return repeatable ? { rethrow: true } : { reason: "task_interrupted", rethrow: false };
  if (error instanceof NimbusError) return { reason: error.error, rethrow: false };
  const last = !repeatable || context.attempt >= TASK_MAX_ATTEMPTS;
  return last ? { reason: "internal", rethrow: true } : { rethrow: true };
}

/**
 * The lifecycle of a `drive#task` backed by a job, written once: create the task
 * and enqueue its job in one step, start it (RUNNING), complete it with the run's
 * result or fail it with an error name (`outcomeOf`), and fail it as
 * `task_interrupted` when the queue abandons the job after a crash (decision 0020).
 * A task deleted by its owner before its job starts ends the job quietly.
 */
export class TaskJobs {
  private readonly types = new Map<string, TaskJobType<TaskJob>>();

  constructor(
    private readonly db: Db,
    private readonly tasks: TaskService,
    private readonly jobs: JobQueue,
  ) {}

  /** Declares a task-backed job type; call before the queue starts. */
  register<T extends TaskJob>(type: TaskJobType<T>): void {
    const erased = type as unknown as TaskJobType<TaskJob>;
    this.types.set(type.type, erased);
    this.jobs.register<TaskJob>(type.type, (job, context) => this.execute(erased, job, context), {
      ...(type.concurrency !== undefined && { concurrency: type.concurrency }),
      ...(type.perGroup !== undefined && { perGroup: type.perGroup }),
      onAbandoned: (job) => this.abandoned(erased, job),
    });
  }

  /** Creates the task (PENDING) and enqueues its job; a job that cannot be enqueued fails the task. */
  async submit<T extends TaskJob>(
    type: string,
    task: NewTask,
    payload: (task: DriveTask) => T,
    options: SubmitOptions = {},
  ): Promise<DriveTask> {
    const jobType = this.typeOf(type);
    const { accept } = options;
    const created = accept
      ? await this.db.transaction().execute(async (trx) => {
          const row = await this.tasks.create(task, trx);
          await accept(row, trx);
          return row;
        })
      : await this.tasks.create(task);
    const job = payload(created);
    try {
      await this.jobs.enqueue(type, job, {
        maxAttempts: jobType.repeatable ? TASK_MAX_ATTEMPTS : 1,
        ...(options.group !== undefined && { group: options.group }),
      });
    } catch (error) {
      await this.tasks.fail(created.id, "internal");
      await jobType.release?.(job);
      throw error;
    }
    return created;
  }

  /**
   * Queues the job of an existing task again (resume, retry): the task goes back to
   * PENDING with its message cleared, and a new job runs it. Answers the task as queued
   * (a runner on any node may start it before the caller could read it again).
   */
  async requeue<T extends TaskJob>(
    type: string,
    job: T,
    options: { group?: string } = {},
  ): Promise<DriveTask | undefined> {
    const jobType = this.typeOf(type);
    const queued = await this.tasks.updateAndGet(job.taskId, { phase: "PHASE_TYPE_PENDING", message: "" });
    await this.jobs.enqueue(type, job, {
      maxAttempts: jobType.repeatable ? TASK_MAX_ATTEMPTS : 1,
      ...(options.group !== undefined && { group: options.group }),
    });
    return queued;
  }

  /**
   * Creates the task and does its work before answering (small jobs): it ends
   * COMPLETE, or ERROR with the refusal's name (`internal` for a fault), which is thrown.
   */
  async runNow<T extends TaskJob>(
    type: string,
    task: NewTask,
    payload: (task: DriveTask) => T,
  ): Promise<DriveTask> {
    const jobType = this.typeOf(type);
    const created = await this.tasks.create(task);
    const job = payload(created);
    const context: JobContext = { id: "", attempt: 1, signal: new AbortController().signal };
    try {
      await this.tasks.start(created.id);
      await this.tasks.complete(created.id, (await jobType.run(job, context)) ?? {});
    } catch (error) {
      await this.tasks.fail(created.id, error instanceof NimbusError ? error.error : "internal");
      throw error;
    } finally {
      await jobType.release?.(job);
    }
    return created;
  }

  private async execute(type: TaskJobType<TaskJob>, job: TaskJob, context: JobContext): Promise<void> {
    let ended = true;
    /** Marks the task COMPLETE or ERROR: only once its hold and temp folder are gone. */
    let settle = async (): Promise<unknown> => undefined;
    try {
      if (!(await this.tasks.start(job.taskId))) return; // deleted by its owner meanwhile
      const result = (await type.run(job, context)) ?? {};
      settle = () => this.tasks.complete(job.taskId, result);
    } catch (error) {
      if (error instanceof TaskSuspended) {
        ended = error.release;
        return;
      }
      const outcome = outcomeOf(error, type.repeatable, context);
      const reason = outcome.reason;
      if (reason) settle = () => this.tasks.fail(job.taskId, reason);
      ended = reason !== undefined;
      if (outcome.rethrow) throw error;
    } finally {
      try {
        if (ended) await type.release?.(job);
      } finally {
        await settle();
      }
    }
  }

  /**
   * Its runner died on its last attempt: the task must not stay RUNNING. Its hold and
   * temp folder go first, so a task that reads as failed has nothing left behind.
   */
  private async abandoned(type: TaskJobType<TaskJob>, job: TaskJob): Promise<void> {
    try {
      await type.release?.(job);
    } finally {
      await this.tasks.failUnfinished(job.taskId, "task_interrupted");
    }
  }

  private typeOf(type: string): TaskJobType<TaskJob> {
    const found = this.types.get(type);
    if (!found) throw new Error(`task job type ${type} is not registered`);
    return found;
  }
}
