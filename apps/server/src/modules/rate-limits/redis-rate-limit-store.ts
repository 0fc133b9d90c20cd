import type { Redis } from "ioredis";
import type { RateLimitStore } from "./rate-limit-store.js";

/**
 * One atomic step of a fixed window: `INCRBY`, then `PEXPIRE` when the key has no expiry yet
 * (the hit that opened the window). A negative amount only changes a live window; it never
 * opens one, so giving bytes back after a window passed cannot start a window with a negative count.
 */
const HIT_SCRIPT = `
local by = tonumber(ARGV[2])
if by <= 0 and redis.call('EXISTS', KEYS[1]) == 0 then return 0 end
local count = redis.call('INCRBY', KEYS[1], by)
if redis.call('PTTL', KEYS[1]) < 0 then redis.call('PEXPIRE', KEYS[1], ARGV[1]) end
return count
`;

interface HitCommand {
  nimbusRateHit(key: string, windowMs: number, by: number): Promise<number>;
}

/**
 * The cluster's `RateLimitStore` (`REDIS_URL`): every node counts in the same Redis keys,
 * `<prefix>rl:<key>`, and Redis expires each window. One round trip per hit (a Lua script).
 */
export class RedisRateLimitStore implements RateLimitStore {
  private readonly redis: Redis & HitCommand;

  constructor(
    redis: Redis,
    private readonly prefix = "nimbus:",
  ) {
    if (!("nimbusRateHit" in redis))
      redis.defineCommand("nimbusRateHit", { numberOfKeys: 1, lua: HIT_SCRIPT });
    this.redis = redis as Redis & HitCommand;
  }

  async hit(key: string, windowMs: number, by = 1): Promise<number> {
    return Number(await this.redis.nimbusRateHit(this.key(key), Math.max(1, Math.ceil(windowMs)), by));
  }

  async count(key: string): Promise<number> {
    const value = await this.redis.get(this.key(key));
    return value === null ? 0 : Number(value);
  }

  async reset(key: string): Promise<void> {
    await this.redis.del(this.key(key));
  }

  private key(key: string): string {
    return `${this.prefix}rl:${key}`;
  }
}
