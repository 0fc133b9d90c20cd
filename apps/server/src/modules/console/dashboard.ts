import type { AdminDashboard } from "@nimbus/protocol";
import type { Db } from "../../db/database.js";
import { type Clock, isoTime } from "../../lib/clock.js";

const RECENT_ERRORS = 10;

/** The console's first screen: users, storage and what dedup saves, jobs and tasks by state, recent errors. */
export class AdminDashboardFigures {
  constructor(
    private readonly db: Db,
    private readonly clock: Clock,
  ) {}

  async figures(): Promise<AdminDashboard> {
    const { db } = this;
    const now = this.clock.now();
    const [users, premium, used, stored, jobs, tasks, failedJobs, failedTasks, reports, feedback] =
      await Promise.all([
        db
          .selectFrom("users")
          .select(["status", (eb) => eb.fn.countAll<number | string>().as("n")])
          .groupBy("status")
          .execute(),
        db
          .selectFrom("entitlement_grants")
          .select((eb) => eb.fn.count<number | string>("user_id").distinct().as("n"))
          .where("premium_type", "is not", null)
          .where("revoked_at", "is", null)
          .where("ends_at", ">", now)
          .executeTakeFirstOrThrow(),
        db
          .selectFrom("users")
          .select((eb) => eb.fn.sum<number | string | null>("storage_usage").as("n"))
          .executeTakeFirstOrThrow(),
        db
          .selectFrom("blobs")
          .select((eb) => eb.fn.sum<number | string | null>("size").as("n"))
          .where("ref_count", ">", 0)
          .executeTakeFirstOrThrow(),
        db
          .selectFrom("jobs")
          .select(["state", (eb) => eb.fn.countAll<number | string>().as("n")])
          .groupBy("state")
          .execute(),
        db
          .selectFrom("tasks")
          .select(["phase", (eb) => eb.fn.countAll<number | string>().as("n")])
          .groupBy("phase")
          .execute(),
        db
          .selectFrom("jobs")
          .select(["id", "type", "last_error", "updated_at"])
          .where("last_error", "is not", null)
          .orderBy("updated_at", "desc")
          .limit(RECENT_ERRORS)
          .execute(),
        db
          .selectFrom("tasks")
          .select(["id", "type", "message", "updated_at"])
          .where("phase", "=", "PHASE_TYPE_ERROR")
          .orderBy("updated_at", "desc")
          .limit(RECENT_ERRORS)
          .execute(),
        db
          .selectFrom("share_reports")
          .select((eb) => eb.fn.countAll<number | string>().as("n"))
          .where("actioned_at", "is", null)
          .executeTakeFirstOrThrow(),
        db
          .selectFrom("feedback")
          .select((eb) => eb.fn.countAll<number | string>().as("n"))
          .where("status", "=", "open")
          .executeTakeFirstOrThrow(),
      ]);
    const byStatus = (status: string) => Number(users.find((row) => row.status === status)?.n ?? 0);
    const usedBytes = BigInt(used.n ?? 0);
    const storedBytes = BigInt(stored.n ?? 0);
    const saved = usedBytes > storedBytes ? usedBytes - storedBytes : 0n;
    const errors = [
      ...failedJobs.map((job) => ({
        source: "job",
        id: job.id,
        type: job.type,
        error: String(job.last_error ?? "").slice(0, 300),
        at: Number(job.updated_at),
      })),
      ...failedTasks.map((task) => ({
        source: "task",
        id: task.id,
        type: task.type,
        error: task.message.slice(0, 300),
        at: Number(task.updated_at),
      })),
    ]
      .sort((a, b) => b.at - a.at)
      .slice(0, RECENT_ERRORS);
    return {
      users: {
        total: users.reduce((sum, row) => sum + Number(row.n), 0),
        active: byStatus("ACTIVE"),
        blocked: byStatus("BLOCKED"),
        premium: Number(premium.n),
      },
      storage: { used: String(usedBytes), stored: String(storedBytes), saved_by_dedup: String(saved) },
      jobs: jobs.map((row) => ({ state: row.state, count: Number(row.n) })),
      tasks: tasks.map((row) => ({ phase: row.phase, count: Number(row.n) })),
      recent_errors: errors.map(({ at, ...error }) => ({ ...error, time: isoTime(at) })),
      open_reports: Number(reports.n),
      open_feedback: Number(feedback.n),
    };
  }
}
