import { randomBytes } from "node:crypto";
import { Redis } from "ioredis";
import { afterAll, describe, expect, it } from "vitest";
import { MemoryLocks } from "./locks.js";
import { locksContract } from "./locks-contract.js";
import { RedisLocks } from "./redis-locks.js";

describe("MemoryLocks (contract)", () => {
  locksContract(async () => {
    const locks = new MemoryLocks();
    return [locks, locks];
  });
});

const redisUrl = process.env.TEST_REDIS_URL;

/** Runs only with TEST_REDIS_URL (CI sets it; a laptop without Redis skips it). */
describe.skipIf(!redisUrl)("RedisLocks", () => {
  const connections: Redis[] = [];
  afterAll(async () => {
    await Promise.all(connections.map((redis) => redis.quit().catch(() => {})));
  });
  /** Two nodes: their own connections, one key prefix (fresh per test). */
  function twoNodes(ttlMs?: number): [RedisLocks, RedisLocks, Redis] {
    const prefix = `nimbus-test-${randomBytes(6).toString("hex")}:`;
    const [a, b] = [new Redis(redisUrl as string), new Redis(redisUrl as string)];
    connections.push(a, b);
    const options = ttlMs ? { ttlMs } : {};
    return [new RedisLocks(a, prefix, options), new RedisLocks(b, prefix, options), a];
  }

  describe("contract", () => {
    locksContract(async () => {
      const [a, b] = twoNodes();
      return [a, b];
    });
  });

  it("a live holder keeps its key past the expiry by renewing it", async () => {
    const [a, b] = twoNodes(300);
    const lease = await a.tryAcquire("k");
    await new Promise((resolve) => setTimeout(resolve, 900));
    expect(await b.tryAcquire("k")).toBeUndefined();
    expect(lease?.lost.aborted).toBe(false);
    await lease?.release();
  });

  it("a node that died holding a key blocks it only until the expiry; its lease reads as lost", async () => {
    const [a, b, connectionOfA] = twoNodes(300);
    const lease = await a.tryAcquire("k");
    connectionOfA.disconnect(); // no more renewals, as when the process is killed
    expect(await b.tryAcquire("k")).toBeUndefined();
    await new Promise((resolve) => setTimeout(resolve, 700));
    const taken = await b.tryAcquire("k");
    expect(taken).toBeDefined();
    expect(lease?.lost.aborted).toBe(true);
    await taken?.release();
  });
});
