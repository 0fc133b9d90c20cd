/**
 * Background work behind one small interface: an in-process runner persisted in
 * the database (embedded default) and, later, BullMQ on Redis (cluster). Domain
 * code only ever sees this interface.
 */
export interface JobContext {
  /** The job's id, stable across retries. */
  readonly id: string;
  /** 1 for the first run, 2 for the first retry, … */
  readonly attempt: number;
  /** Aborted when the runner stops (shutdown); handlers should stop early and throw. */
  readonly signal: AbortSignal;
}

export type JobHandler<T> = (payload: T, context: JobContext) => Promise<void>;

export interface JobOptions {
  /** Run no earlier than this many ms from now. */
  delayMs?: number;
  /** At most one pending job per key: a second enqueue with the same key is a no-op. */
  key?: string;
  /** Total runs before the job is given up as failed (default 3). */
  maxAttempts?: number;
}

export interface JobQueue {
  /** Declares the handler of a job type; call before `start`. */
  register<T>(type: string, handler: JobHandler<T>, options?: { concurrency?: number }): void;
  /** Persists a job; it survives restarts and runs once a worker is free. Resolves to its id. */
  enqueue<T>(type: string, payload: T, options?: JobOptions): Promise<string>;
  /** Runs a registered job type periodically (maintenance: GC, expiry, cleanup). */
  every(type: string, intervalMs: number): void;
  start(): void;
  /** Stops taking jobs, aborts running ones' signals and waits for them to settle. */
  stop(): Promise<void>;
}
