import { randomBytes } from "node:crypto";
import type { Db } from "../db/database.js";
import { isUniqueViolation } from "../db/errors.js";
import type { Clock } from "../lib/clock.js";
import { newId } from "../lib/ids.js";
import type { EveryOptions, JobHandler, JobOptions, JobQueue, RegisterOptions } from "./job-queue.js";
import { type AbandonedJob, type ClaimedJob, JobStore } from "./job-store.js";

/** The part of a pino logger the runner uses. */
export interface JobLogger {
  info(object: object, message: string): void;
  warn(object: object, message: string): void;
  error(object: object, message: string): void;
}

export interface DatabaseJobQueueOptions {
  db: Db;
  clock: Clock;
  logger?: JobLogger;
  /** How often the runner looks for due jobs (enqueues on this process wake it at once). Default 1 s. */
  pollIntervalMs?: number;
  /** How long a claimed job is owned before another runner may take it over. Renewed while it runs. Default 60 s. */
  leaseMs?: number;
  /** Delay before retry number `attempt` (1 = the first retry). Default exponential from 1 s, capped at 5 min. */
  backoffMs?: (attempt: number) => number;
}

interface Registration {
  handler: JobHandler<unknown>;
  concurrency: number;
  running: number;
  onAbandoned?: (payload: unknown, reason: string) => Promise<void>;
}

const DEFAULT_MAX_ATTEMPTS = 3;
const STOP_POLL_WAIT_MS = 2000;
const silent: JobLogger = { info() {}, warn() {}, error() {} };

export function exponentialBackoff(attempt: number): number {
  const base = Math.min(1000 * 2 ** (attempt - 1), 5 * 60_000);
  return Math.round(base * (0.8 + Math.random() * 0.4));
}

/**
 * The embedded `JobQueue`: jobs are rows of the `jobs` table, claimed by a
 * conditional UPDATE (so several processes on one Postgres never run a job
 * twice) under a lease renewed while the handler runs. A process that dies
 * leaves its lease to expire; the job then runs again. Done jobs are deleted;
 * failed ones stay (state `failed`) for inspection.
 */
export class DatabaseJobQueue implements JobQueue {
  private readonly store: JobStore;
  private readonly logger: JobLogger;
  private readonly pollIntervalMs: number;
  private readonly leaseMs: number;
  private readonly backoffMs: (attempt: number) => number;
  private readonly runnerId = randomBytes(8).toString("hex");
  private readonly registrations = new Map<string, Registration>();
  private readonly schedules = new Map<string, { intervalMs: number; perNode: boolean }>();
  private readonly groupLimits = new Map<string, number>();
  private readonly timers: NodeJS.Timeout[] = [];
  private readonly running = new Set<Promise<void>>();
  /** Per-node periodic jobs running in this process now. */
  private readonly runningHere = new Set<string>();
  private controller = new AbortController();
  private started = false;
  private stopped = false;
  private polling: Promise<void> | undefined;
  private pollAgain = false;

  constructor(private readonly options: DatabaseJobQueueOptions) {
    this.store = new JobStore(options.db);
    this.logger = options.logger ?? silent;
    this.pollIntervalMs = options.pollIntervalMs ?? 1000;
    this.leaseMs = options.leaseMs ?? 60_000;
    this.backoffMs = options.backoffMs ?? exponentialBackoff;
  }

  register<T>(type: string, handler: JobHandler<T>, options: RegisterOptions<T> = {}): void {
    if (this.registrations.has(type)) throw new Error(`job type ${type} is already registered`);
    this.registrations.set(type, {
      handler: handler as JobHandler<unknown>,
      concurrency: Math.max(1, options.concurrency ?? 1),
      running: 0,
      ...(options.onAbandoned && {
        onAbandoned: options.onAbandoned as (payload: unknown, reason: string) => Promise<void>,
      }),
    });
    if (options.perGroup !== undefined) this.groupLimits.set(type, Math.max(1, options.perGroup));
  }

  async enqueue<T>(type: string, payload: T, options: JobOptions = {}): Promise<string> {
    const now = this.options.clock.now();
    for (let attempt = 0; attempt < 3; attempt++) {
      const id = newId(now);
      try {
        await this.store.insert({
          id,
          type,
          payload: JSON.stringify(payload ?? null),
          key: options.key ?? null,
          state: "pending",
          attempts: 0,
          max_attempts: Math.max(1, options.maxAttempts ?? DEFAULT_MAX_ATTEMPTS),
          run_at: now + Math.max(0, options.delayMs ?? 0),
          locked_until: null,
          locked_by: null,
          group_key: options.group ?? null,
          last_error: null,
          created_at: now,
          updated_at: now,
        });
        this.wake();
        return id;
      } catch (error) {
        if (!options.key || !isUniqueViolation(error)) throw error;
        const existing = await this.store.idByKey(options.key);
        if (existing) return existing;
        // The holder of the key finished in between: try again.
      }
    }
    throw new Error(`could not enqueue ${type} with key ${options.key}`);
  }

  every(type: string, intervalMs: number, options: EveryOptions = {}): void {
    const schedule = { intervalMs, perNode: options.perNode ?? false };
    this.schedules.set(type, schedule);
    if (this.started && !this.stopped) this.schedule(type, schedule);
  }

  start(): void {
    if (this.started) return;
    this.started = true;
    for (const [type, schedule] of this.schedules) this.schedule(type, schedule);
    const poll = setInterval(() => this.wake(), this.pollIntervalMs);
    poll.unref();
    this.timers.push(poll);
    this.wake();
  }

  async stop(): Promise<void> {
    this.stopped = true;
    for (const timer of this.timers) clearInterval(timer);
    this.timers.length = 0;
    this.controller.abort(new Error("job runner stopping"));
    // A poll stuck on a database that is already gone must not hold shutdown.
    await Promise.race([
      this.polling,
      new Promise((resolve) => setTimeout(resolve, STOP_POLL_WAIT_MS).unref()),
    ]);
    await Promise.allSettled([...this.running]);
  }

  /** Runs every due job (and any they enqueue) until none is due and none runs. For tests and tools. */
  async drain(): Promise<void> {
    for (;;) {
      this.wake();
      await this.polling;
      if (this.running.size === 0) {
        const due = await this.store.countDue([...this.registrations.keys()], this.options.clock.now());
        if (due === 0 || this.stopped) return;
      }
      await Promise.race([...this.running, new Promise((r) => setTimeout(r, 5))]);
    }
  }

  /**
   * A cluster-wide periodic job is enqueued by the node that claims the current interval slot
   * (`job_schedules`), so it runs once per interval however many nodes share the database; the
   * lease then makes one node run it, and another takes it over if that node dies. Every node
   * checks the slot at start and a few times per interval, so a dead node's turn is not lost.
   * A per-node one runs in this process on its own timer, never twice at once.
   */
  private schedule(type: string, { intervalMs, perNode }: { intervalMs: number; perNode: boolean }): void {
    const fire = perNode ? () => this.runHere(type) : () => this.enqueueSlot(type, intervalMs);
    fire();
    const timer = setInterval(fire, perNode ? intervalMs : Math.max(10, Math.min(intervalMs / 4, 60_000)));
    timer.unref();
    this.timers.push(timer);
  }

  private enqueueSlot(type: string, intervalMs: number): void {
    const now = this.options.clock.now();
    this.store
      .claimSlot(type, Math.floor(now / intervalMs), now)
      // Two attempts: a run whose node died is taken over once its lease expires.
      .then((claimed) =>
        claimed ? this.enqueue(type, null, { key: `every:${type}`, maxAttempts: 2 }) : undefined,
      )
      .catch((error: unknown) => {
        if (!this.stopped) this.logger.error({ err: error, type }, "could not schedule a periodic job");
      });
  }

  /** Runs a per-node periodic job in this process, unless its previous run is still going. */
  private runHere(type: string): void {
    const registration = this.registrations.get(type);
    if (!registration || this.stopped || this.runningHere.has(type)) return;
    this.runningHere.add(type);
    const task = (async () => {
      try {
        await registration.handler(null, { id: `here:${type}`, attempt: 1, signal: this.controller.signal });
      } catch (error) {
        if (!this.stopped) this.logger.error({ err: error, type }, "per-node periodic job failed");
      }
    })().finally(() => {
      this.runningHere.delete(type);
      this.running.delete(task);
    });
    this.running.add(task);
  }

  /** Starts a poll now, or right after the one in progress. */
  private wake(): void {
    if (!this.started || this.stopped) return;
    if (this.polling) {
      this.pollAgain = true;
      return;
    }
    this.polling = this.poll()
      .catch((error: unknown) => {
        if (!this.stopped) this.logger.error({ err: error }, "job poll failed");
      })
      .finally(() => {
        this.polling = undefined;
        if (this.pollAgain) {
          this.pollAgain = false;
          this.wake();
        }
      });
  }

  private async poll(): Promise<void> {
    while (!this.stopped) {
      const free = [...this.registrations].filter(([, r]) => r.running < r.concurrency).map(([t]) => t);
      if (free.length === 0) return;
      const job = await this.store.claimNext(
        free,
        this.runnerId,
        this.options.clock.now(),
        this.leaseMs,
        this.groupLimits,
        (abandoned) => this.abandon(abandoned),
      );
      if (!job) return;
      if (this.stopped) {
        await this.store.release(job.id, this.runnerId, this.options.clock.now());
        return;
      }
      this.run(job);
    }
  }

  /** A job whose runner died on its last attempt: logged, and its type cleans up after it. */
  private async abandon(job: AbandonedJob): Promise<void> {
    this.logger.error(
      { job: job.id, type: job.type },
      "job abandoned: its runner stopped without finishing it",
    );
    const cleanUp = this.registrations.get(job.type)?.onAbandoned;
    if (!cleanUp) return;
    try {
      await cleanUp(JSON.parse(job.payload), "lease expired");
    } catch (error) {
      this.logger.error({ err: error, job: job.id, type: job.type }, "could not clean up an abandoned job");
    }
  }

  private run(job: ClaimedJob): void {
    const registration = this.registrations.get(job.type);
    if (!registration) return;
    registration.running++;
    const task = this.execute(job, registration).finally(() => {
      registration.running--;
      this.running.delete(task);
      this.wake();
    });
    this.running.add(task);
  }

  private async execute(job: ClaimedJob, registration: Registration): Promise<void> {
    const signal = this.controller.signal;
    const renew = setInterval(
      () => {
        this.store
          .renew(job.id, this.runnerId, this.options.clock.now() + this.leaseMs)
          .catch((error: unknown) => this.logger.warn({ err: error, job: job.id }, "lease renewal failed"));
      },
      Math.max(10, Math.floor(this.leaseMs / 3)),
    );
    renew.unref();
    try {
      const payload: unknown = JSON.parse(job.payload);
      await registration.handler(payload, { id: job.id, attempt: job.attempts, signal });
      clearInterval(renew);
      await this.store.complete(job.id, this.runnerId);
    } catch (error) {
      clearInterval(renew);
      await this.settleFailure(job, error).catch((settleError: unknown) =>
        this.logger.error({ err: settleError, job: job.id }, "could not record a job failure"),
      );
    }
  }

  private async settleFailure(job: ClaimedJob, error: unknown): Promise<void> {
    const message = error instanceof Error ? error.message : String(error);
    const now = this.options.clock.now();
    if (this.stopped) {
      // Interrupted by shutdown: not the job's fault, run it again on the next start.
      await this.store.release(job.id, this.runnerId, now);
      return;
    }
    if (job.attempts >= job.max_attempts) {
      this.logger.error({ err: error, job: job.id, type: job.type }, "job failed for good");
      await this.store.fail(job.id, this.runnerId, message, now);
      return;
    }
    this.logger.warn(
      { err: error, job: job.id, type: job.type, attempt: job.attempts },
      "job failed, retrying",
    );
    await this.store.retry(job.id, this.runnerId, message, now + this.backoffMs(job.attempts), now);
  }
}
