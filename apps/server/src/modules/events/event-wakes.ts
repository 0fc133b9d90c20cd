import type { Redis } from "ioredis";

/**
 * Wake-ups of whoever waits for a user's next drive event (a long poll, a stream). The
 * events themselves are rows in the database, which every node reads; a wake-up only says
 * "look again", so a lost or early one costs a re-read, never an event.
 */
export interface EventWakes {
  /** Wakes the waiters of `userId` on every node. */
  publish(userId: string): void;
  /** Calls `wake` whenever an event of `userId` may have been recorded; answers the unsubscribe. */
  subscribe(userId: string, wake: () => void): () => void;
  close(): Promise<void>;
}

/** One process: waiters are woken by events recorded in this process only. */
export class LocalEventWakes implements EventWakes {
  private readonly waiters = new Map<string, Set<() => void>>();

  publish(userId: string): void {
    for (const wake of this.waiters.get(userId) ?? []) wake();
  }

  subscribe(userId: string, wake: () => void): () => void {
    let set = this.waiters.get(userId);
    if (!set) {
      set = new Set();
      this.waiters.set(userId, set);
    }
    set.add(wake);
    return () => {
      set.delete(wake);
      if (set.size === 0 && this.waiters.get(userId) === set) this.waiters.delete(userId);
    };
  }

  async close(): Promise<void> {
    this.waiters.clear();
  }
}

/**
 * A cluster (`REDIS_URL`): a wake-up is published on one channel, `<prefix>drive-events`,
 * carrying the user id; every node's subscriber connection wakes its own waiters of that user.
 * The publishing node wakes its waiters at once as well (a second wake is harmless).
 */
export class RedisEventWakes implements EventWakes {
  private readonly local = new LocalEventWakes();
  private readonly subscriber: Redis;
  private readonly channel: string;
  /** Resolves once this node listens; tests wait on it before publishing from another node. */
  readonly listening: Promise<void>;

  constructor(
    private readonly redis: Redis,
    prefix = "nimbus:",
    private readonly onError: (error: unknown) => void = () => {},
    /** The channel's name after the prefix: one per kind of wake-up (drive events, config changes). */
    topic = "drive-events",
  ) {
    this.channel = `${prefix}${topic}`;
    // A connection in subscriber mode can do nothing else, hence its own.
    this.subscriber = redis.duplicate();
    this.subscriber.on("message", (channel: string, userId: string) => {
      if (channel === this.channel) this.local.publish(userId);
    });
    this.subscriber.on("error", onError);
    this.listening = this.subscriber.subscribe(this.channel).then(
      () => undefined,
      (error: unknown) => onError(error),
    );
  }

  publish(userId: string): void {
    this.local.publish(userId);
    this.redis.publish(this.channel, userId).catch(this.onError);
  }

  subscribe(userId: string, wake: () => void): () => void {
    return this.local.subscribe(userId, wake);
  }

  async close(): Promise<void> {
    await this.local.close();
    await this.subscriber.quit().catch(() => {});
  }
}
