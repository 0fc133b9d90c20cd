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
  /** The group the job belongs to (e.g. a user id), for the type's `perGroup` bound. */
  group?: string;
}

export interface RegisterOptions<T> {
  /** Most jobs of this type running at once in this process (default 1). */
  concurrency?: number;
  /** Most jobs of one group (`JobOptions.group`) of this type running at once. */
  perGroup?: number;
  /**
   * Called when the queue gives a job up without its handler being able to say
   * so: its runner died (lease expired) on its last attempt. Clean up after it here
   * (fail its task, release what it held).
   */
  onAbandoned?: (payload: T, reason: string) => Promise<void>;
}

export interface EveryOptions {
  /** Housekeeping of this node's own disk (temp files): runs on every node, not once per cluster. */
  perNode?: boolean;
}

export interface JobQueue {
  /** Declares the handler of a job type; call before `start`. */
  register<T>(type: string, handler: JobHandler<T>, options?: RegisterOptions<T>): void;
  /** Persists a job; it survives restarts and runs once a worker is free. Resolves to its id. */
  enqueue<T>(type: string, payload: T, options?: JobOptions): Promise<string>;
  /**
   * Runs a registered job type periodically (maintenance: GC, expiry, cleanup): once per
   * interval in the whole cluster, on whichever node claims the interval's slot first. With
   * `perNode`, every node runs it on its own timer instead, in process (work on local disk).
   */
  every(type: string, intervalMs: number, options?: EveryOptions): void;
  start(): void;
  /** Stops taking jobs, aborts running ones' signals and waits for them to settle. */
  stop(): Promise<void>;
}
