import { randomBytes } from "node:crypto";
import { Redis } from "ioredis";
import { afterAll, describe } from "vitest";
import { MemoryRateLimitStore } from "./memory-rate-limit-store.js";
import { rateLimitStoreContract } from "./rate-limit-store-contract.js";
import { RedisRateLimitStore } from "./redis-rate-limit-store.js";

describe("MemoryRateLimitStore (contract)", () => {
  rateLimitStoreContract(async () => {
    const clock = { time: 1_000_000, now: () => clock.time };
    return {
      limits: new MemoryRateLimitStore(clock),
      windowMs: 1000,
      pass: async (ms) => {
        clock.time += ms;
      },
    };
  });
});

const redisUrl = process.env.TEST_REDIS_URL;

/** Runs only with TEST_REDIS_URL (CI sets it; a laptop without Redis skips it). */
describe.skipIf(!redisUrl)("RedisRateLimitStore (contract)", () => {
  const connections: Redis[] = [];
  afterAll(async () => {
    await Promise.all(connections.map((redis) => redis.quit()));
  });
  rateLimitStoreContract(async () => {
    const redis = new Redis(redisUrl as string);
    connections.push(redis);
    // Each test gets its own prefix, so tests and runs never see each other's keys.
    const prefix = `nimbus-test-${randomBytes(6).toString("hex")}:`;
    return {
      limits: new RedisRateLimitStore(redis, prefix),
      windowMs: 200,
      pass: (ms) => new Promise((resolve) => setTimeout(resolve, ms + 20)),
    };
  });
});
