import { randomBytes } from "node:crypto";
import type { Redis } from "ioredis";
import type { Lease, Locks } from "./locks.js";

/** Renews or deletes the key only while it still holds this lease's token. */
const RENEW_SCRIPT = `
if redis.call('GET', KEYS[1]) == ARGV[1] then return redis.call('PEXPIRE', KEYS[1], ARGV[2]) end
return 0
`;
const RELEASE_SCRIPT = `
if redis.call('GET', KEYS[1]) == ARGV[1] then return redis.call('DEL', KEYS[1]) end
return 0
`;

interface LockCommands {
  nimbusLockRenew(key: string, token: string, ttlMs: number): Promise<number>;
  nimbusLockRelease(key: string, token: string): Promise<number>;
}

export interface RedisLocksOptions {
  /**
   * How long a key outlives its holder's last renewal (renewed every third of it): a node that
   * died holding a key blocks it this long at most.
   */
  ttlMs?: number;
  onError?: (error: unknown) => void;
}

/**
 * The cluster's `Locks` (`REDIS_URL`): key `<prefix>lock:<key>` set with `NX` to a random token
 * and a short expiry that the holder renews while it holds the lease; only the token's holder
 * renews or deletes it, so a lease that expired and was taken by another node stays theirs.
 */
export class RedisLocks implements Locks {
  private readonly redis: Redis & LockCommands;
  private readonly ttlMs: number;
  private readonly onError: (error: unknown) => void;

  constructor(
    redis: Redis,
    private readonly prefix = "nimbus:",
    options: RedisLocksOptions = {},
  ) {
    if (!("nimbusLockRenew" in redis)) {
      redis.defineCommand("nimbusLockRenew", { numberOfKeys: 1, lua: RENEW_SCRIPT });
      redis.defineCommand("nimbusLockRelease", { numberOfKeys: 1, lua: RELEASE_SCRIPT });
    }
    this.redis = redis as Redis & LockCommands;
    this.ttlMs = options.ttlMs ?? 6_000;
    this.onError = options.onError ?? (() => {});
  }

  async tryAcquire(key: string): Promise<Lease | undefined> {
    const redisKey = `${this.prefix}lock:${key}`;
    const token = randomBytes(16).toString("hex");
    const taken = await this.redis.set(redisKey, token, "PX", this.ttlMs, "NX");
    if (taken !== "OK") return undefined;
    const lost = new AbortController();
    let renewedAt = Date.now();
    const renew = async () => {
      try {
        const renewed = await this.redis.nimbusLockRenew(redisKey, token, this.ttlMs);
        if (renewed === 1) renewedAt = Date.now();
        else lost.abort();
      } catch (error) {
        this.onError(error);
        if (Date.now() - renewedAt >= this.ttlMs) lost.abort();
      }
      if (lost.signal.aborted) clearInterval(timer);
    };
    const timer = setInterval(renew, Math.max(1, Math.floor(this.ttlMs / 3)));
    timer.unref();
    let released = false;
    return {
      lost: lost.signal,
      release: async () => {
        if (released) return;
        released = true;
        clearInterval(timer);
        await this.redis.nimbusLockRelease(redisKey, token).catch(this.onError);
      },
    };
  }
}
