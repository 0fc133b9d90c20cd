import type { ExpressionBuilder, Insertable, Selectable } from "kysely";
import type { Db } from "../db/database.js";
import type { JobsTable, Tables } from "../db/schema.js";

export type ClaimedJob = Selectable<JobsTable>;

/** A job another runner may take: pending and due, or running under an expired lease. */
function claimable(now: number) {
  return (eb: ExpressionBuilder<Tables, "jobs">) =>
    eb.or([
      eb.and([eb("state", "=", "pending"), eb("run_at", "<=", now)]),
      eb.and([eb("state", "=", "running"), eb("locked_until", "<", now)]),
    ]);
}

/** The SQL of the job queue. Every change to a claimed job is conditional on still owning it. */
export class JobStore {
  constructor(private readonly db: Db) {}

  async insert(row: Insertable<JobsTable>): Promise<void> {
    await this.db.insertInto("jobs").values(row).execute();
  }

  async idByKey(key: string): Promise<string | undefined> {
    const row = await this.db.selectFrom("jobs").select("id").where("key", "=", key).executeTakeFirst();
    return row?.id;
  }

  async countDue(types: string[], now: number): Promise<number> {
    if (types.length === 0) return 0;
    const row = await this.db
      .selectFrom("jobs")
      .select((eb) => eb.fn.countAll<number>().as("n"))
      .where("type", "in", types)
      .where(claimable(now))
      .executeTakeFirstOrThrow();
    return Number(row.n);
  }

  /**
   * Claims the oldest due job of one of `types`: a SELECT for a candidate, then
   * an UPDATE guarded by the same condition, so of two racing runners one wins.
   * A job whose lease expired after its last attempt is marked failed instead.
   */
  async claimNext(
    types: string[],
    runnerId: string,
    now: number,
    leaseMs: number,
  ): Promise<ClaimedJob | undefined> {
    for (let tries = 0; tries < 10; tries++) {
      const candidate = await this.db
        .selectFrom("jobs")
        .select(["id", "state", "attempts", "max_attempts"])
        .where("type", "in", types)
        .where(claimable(now))
        .orderBy("run_at")
        .orderBy("id")
        .limit(1)
        .executeTakeFirst();
      if (!candidate) return undefined;
      if (candidate.state === "running" && candidate.attempts >= candidate.max_attempts) {
        await this.db
          .updateTable("jobs")
          .set({
            state: "failed",
            key: null,
            locked_until: null,
            last_error: "lease expired",
            updated_at: now,
          })
          .where("id", "=", candidate.id)
          .where(claimable(now))
          .execute();
        continue;
      }
      const claimed = await this.db
        .updateTable("jobs")
        .set((eb) => ({
          state: "running",
          attempts: eb("attempts", "+", 1),
          locked_until: now + leaseMs,
          locked_by: runnerId,
          updated_at: now,
        }))
        .where("id", "=", candidate.id)
        .where(claimable(now))
        .returningAll()
        .executeTakeFirst();
      if (claimed) return claimed;
    }
    return undefined;
  }

  async renew(id: string, runnerId: string, lockedUntil: number): Promise<void> {
    await this.owned(id, runnerId).set({ locked_until: lockedUntil }).execute();
  }

  async complete(id: string, runnerId: string): Promise<void> {
    await this.db
      .deleteFrom("jobs")
      .where("id", "=", id)
      .where("locked_by", "=", runnerId)
      .where("state", "=", "running")
      .execute();
  }

  async retry(id: string, runnerId: string, error: string, runAt: number, now: number): Promise<void> {
    await this.owned(id, runnerId)
      .set({
        state: "pending",
        run_at: runAt,
        locked_until: null,
        locked_by: null,
        last_error: error,
        updated_at: now,
      })
      .execute();
  }

  async fail(id: string, runnerId: string, error: string, now: number): Promise<void> {
    await this.owned(id, runnerId)
      .set({ state: "failed", key: null, locked_until: null, last_error: error, updated_at: now })
      .execute();
  }

  /** Gives a job back untouched (shutdown): the interrupted run does not count as an attempt. */
  async release(id: string, runnerId: string, now: number): Promise<void> {
    await this.owned(id, runnerId)
      .set((eb) => ({
        state: "pending",
        attempts: eb("attempts", "-", 1),
        run_at: now,
        locked_until: null,
        locked_by: null,
        updated_at: now,
      }))
      .execute();
  }

  private owned(id: string, runnerId: string) {
    return this.db
      .updateTable("jobs")
      .where("id", "=", id)
      .where("locked_by", "=", runnerId)
      .where("state", "=", "running");
  }
}
