import type { ExpressionBuilder, Insertable, Selectable } from "kysely";
import type { Db } from "../db/database.js";
import type { JobsTable, Tables } from "../db/schema.js";

export type ClaimedJob = Selectable<JobsTable>;

/** A job given up because its runner died on its last attempt. */
export interface AbandonedJob {
  id: string;
  type: string;
  payload: string;
}

/** Running jobs counted against a `perGroup` bound: those whose lease still holds. */
function underGroupLimit(groupLimits: ReadonlyMap<string, number>, now: number) {
  return (eb: ExpressionBuilder<Tables, "jobs">) =>
    eb.and(
      [...groupLimits].map(([type, limit]) =>
        eb.or([
          eb("jobs.type", "!=", type),
          eb("jobs.group_key", "is", null),
          eb(
            eb
              .selectFrom("jobs as other")
              .select((inner) => inner.fn.countAll<number>().as("n"))
              .where("other.type", "=", type)
              .whereRef("other.group_key", "=", "jobs.group_key")
              .where("other.state", "=", "running")
              .where("other.locked_until", ">=", now),
            "<",
            limit,
          ),
        ]),
      ),
    );
}

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

  /**
   * Claims interval `slot` of periodic `type` for the caller: true for exactly one caller per
   * slot, however many nodes ask (an insert that yields, then an update conditional on an older slot).
   */
  async claimSlot(type: string, slot: number, now: number): Promise<boolean> {
    await this.db
      .insertInto("job_schedules")
      .values({ type, last_slot: -1, updated_at: now })
      .onConflict((oc) => oc.column("type").doNothing())
      .execute();
    const moved = await this.db
      .updateTable("job_schedules")
      .set({ last_slot: slot, updated_at: now })
      .where("type", "=", type)
      .where("last_slot", "<", slot)
      .executeTakeFirst();
    return moved.numUpdatedRows > 0n;
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
   * A job whose lease expired after its last attempt is marked failed instead
   * and handed to `onAbandoned` (by the one runner whose UPDATE marked it).
   * Jobs of a group already running `groupLimits[type]` jobs wait; the bound is
   * checked when choosing, so two runners racing on Postgres may exceed it by one.
   */
  async claimNext(
    types: string[],
    runnerId: string,
    now: number,
    leaseMs: number,
    groupLimits: ReadonlyMap<string, number> = new Map(),
    onAbandoned: (job: AbandonedJob) => Promise<void> = async () => {},
  ): Promise<ClaimedJob | undefined> {
    for (let tries = 0; tries < 10; tries++) {
      const candidate = await this.db
        .selectFrom("jobs")
        .select(["id", "type", "payload", "state", "attempts", "max_attempts"])
        .where("type", "in", types)
        .where(claimable(now))
        .$if(groupLimits.size > 0, (query) => query.where(underGroupLimit(groupLimits, now)))
        .orderBy("run_at")
        .orderBy("id")
        .limit(1)
        .executeTakeFirst();
      if (!candidate) return undefined;
      if (candidate.state === "running" && candidate.attempts >= candidate.max_attempts) {
        const given = await this.db
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
          .executeTakeFirst();
        if (given.numUpdatedRows > 0n) await onAbandoned(candidate);
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

/** Jobs by state, and the latest failures (the console's dashboard). */
export async function jobFigures(
  db: Db,
  recent: number,
): Promise<{
  byState: { state: string; count: number }[];
  failures: { id: string; type: string; error: string; at: number }[];
}> {
  const [states, failed] = await Promise.all([
    db
      .selectFrom("jobs")
      .select(["state", (eb) => eb.fn.countAll<number | string>().as("n")])
      .groupBy("state")
      .execute(),
    db
      .selectFrom("jobs")
      .select(["id", "type", "last_error", "updated_at"])
      .where("last_error", "is not", null)
      .orderBy("updated_at", "desc")
      .limit(recent)
      .execute(),
  ]);
  return {
    byState: states.map((row) => ({ state: row.state, count: Number(row.n) })),
    failures: failed.map((job) => ({
      id: job.id,
      type: job.type,
      error: String(job.last_error ?? ""),
      at: Number(job.updated_at),
    })),
  };
}
