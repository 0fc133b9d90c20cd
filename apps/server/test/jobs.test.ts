import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DatabaseJobQueue, type DatabaseJobQueueOptions } from "../src/jobs/database-job-queue.js";
import { JobStore } from "../src/jobs/job-store.js";
import { createTestApp, type TestApp } from "./support/test-app.js";

let t: TestApp;
const queues: DatabaseJobQueue[] = [];

beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await Promise.all(queues.map((q) => q.stop()));
  await t.close();
});

function queue(options: Partial<DatabaseJobQueueOptions> = {}): DatabaseJobQueue {
  const q = new DatabaseJobQueue({
    db: t.database.db,
    clock: { now: () => Date.now() },
    pollIntervalMs: 20,
    backoffMs: () => 0,
    ...options,
  });
  queues.push(q);
  return q;
}

const unique = () => `t${Math.random().toString(36).slice(2)}`;

async function jobRow(id: string) {
  return t.database.db.selectFrom("jobs").selectAll().where("id", "=", id).executeTakeFirst();
}

describe("DatabaseJobQueue", () => {
  it("runs a job with its payload, then deletes it", async () => {
    const type = unique();
    const q = queue();
    const seen: Array<{ payload: unknown; attempt: number }> = [];
    q.register<{ n: number }>(type, async (payload, context) => {
      seen.push({ payload, attempt: context.attempt });
    });
    q.start();
    const id = await q.enqueue(type, { n: 7 });
    await q.drain();
    expect(seen).toEqual([{ payload: { n: 7 }, attempt: 1 }]);
    expect(await jobRow(id)).toBeUndefined();
  });

  it("retries a failing job with backoff and gives up after maxAttempts", async () => {
    const type = unique();
    const delays: number[] = [];
    const q = queue({
      backoffMs: (attempt) => {
        delays.push(attempt);
        return 0;
      },
    });
    let runs = 0;
    q.register(type, async (payload: { failTimes: number }) => {
      runs++;
      if (runs <= payload.failTimes) throw new Error(`boom ${runs}`);
    });
    q.start();
    await q.enqueue(type, { failTimes: 2 }, { maxAttempts: 3 });
    await q.drain();
    expect(runs).toBe(3);
    expect(delays).toEqual([1, 2]);

    runs = 0;
    const failed = await q.enqueue(type, { failTimes: 99 }, { maxAttempts: 2, key: "give-up" });
    await q.drain();
    expect(runs).toBe(2);
    expect(await jobRow(failed)).toMatchObject({
      state: "failed",
      key: null,
      attempts: 2,
      last_error: "boom 2",
    });
    // The key is free again once the job has finished.
    expect(await q.enqueue(type, { failTimes: 0 }, { key: "give-up" })).not.toBe(failed);
    await q.drain();
  });

  it("keeps at most one pending job per key", async () => {
    const type = unique();
    const q = queue();
    let runs = 0;
    q.register(type, async () => {
      runs++;
    });
    const a = await q.enqueue(type, {}, { key: "same" });
    const b = await q.enqueue(type, {}, { key: "same" });
    expect(b).toBe(a);
    q.start();
    await q.drain();
    expect(runs).toBe(1);
  });

  it("waits for delayMs by the injected clock", async () => {
    const type = unique();
    let now = 1_000_000;
    const q = queue({ clock: { now: () => now } });
    let runs = 0;
    q.register(type, async () => {
      runs++;
    });
    q.start();
    await q.enqueue(type, {}, { delayMs: 60_000 });
    await q.drain();
    expect(runs).toBe(0);
    now += 60_000;
    await q.drain();
    expect(runs).toBe(1);
  });

  it("retries a job whose runner died once its lease expires", async () => {
    const type = unique();
    let now = 2_000_000;
    const clock = { now: () => now };
    const dead = queue({ clock });
    const id = await dead.enqueue(type, { x: 1 });
    // A runner claims it and dies without finishing: only its lease remains.
    const claimed = await new JobStore(t.database.db).claimNext([type], "dead-runner", now, 30_000);
    expect(claimed?.id).toBe(id);

    const next = queue({ clock, leaseMs: 30_000 });
    const attempts: number[] = [];
    next.register(type, async (_payload, context) => {
      attempts.push(context.attempt);
    });
    next.start();
    await next.drain();
    expect(attempts).toEqual([]); // lease still held
    now += 30_001;
    await next.drain();
    expect(attempts).toEqual([2]);
    expect(await jobRow(id)).toBeUndefined();
  });

  it("gives up a job whose runner died on its last attempt and lets its type clean up once", async () => {
    const type = unique();
    let now = 3_000_000;
    const clock = { now: () => now };
    const id = await queue({ clock }).enqueue(type, { task: "T1" }, { maxAttempts: 1 });
    await new JobStore(t.database.db).claimNext([type], "dead-runner", now, 30_000);

    const abandoned: unknown[] = [];
    const runs: unknown[] = [];
    const next = queue({ clock, leaseMs: 30_000 });
    next.register(type, async (payload) => void runs.push(payload), {
      onAbandoned: async (payload) => void abandoned.push(payload),
    });
    next.start();
    now += 30_001;
    await next.drain();
    await next.drain();
    expect(runs).toEqual([]);
    expect(abandoned).toEqual([{ task: "T1" }]);
    expect(await jobRow(id)).toMatchObject({ state: "failed", last_error: "lease expired" });
  });

  it("stop() aborts running handlers and hands their jobs back without counting the attempt", async () => {
    const type = unique();
    const first = queue();
    let started!: () => void;
    const running = new Promise<void>((resolve) => {
      started = resolve;
    });
    first.register(type, async (_payload, { signal }) => {
      started();
      await new Promise((_resolve, reject) => signal.addEventListener("abort", () => reject(signal.reason)));
    });
    first.start();
    const id = await first.enqueue(type, {});
    await running;
    await first.stop();
    expect(await jobRow(id)).toMatchObject({ state: "pending", attempts: 0, locked_by: null });

    const second = queue();
    const attempts: number[] = [];
    second.register(type, async (_payload, context) => {
      attempts.push(context.attempt);
    });
    second.start();
    await second.drain();
    expect(attempts).toEqual([1]);
  });

  it("runs every() jobs periodically", async () => {
    const type = unique();
    const q = queue();
    let runs = 0;
    q.register(type, async () => {
      runs++;
    });
    q.every(type, 30);
    q.start();
    await expect.poll(() => runs, { timeout: 5000 }).toBeGreaterThanOrEqual(3);
  });

  it("runs each job exactly once when several runners share the database", async () => {
    const type = unique();
    const counts = new Map<number, number>();
    const runners = [queue(), queue(), queue()];
    for (const runner of runners) {
      runner.register(
        type,
        async (payload: { i: number }) => {
          counts.set(payload.i, (counts.get(payload.i) ?? 0) + 1);
        },
        { concurrency: 4 },
      );
    }
    for (let i = 0; i < 60; i++) await runners[0]?.enqueue(type, { i });
    for (const runner of runners) runner.start();
    await Promise.all(runners.map((r) => r.drain()));
    expect(counts.size).toBe(60);
    expect([...counts.values()].every((n) => n === 1)).toBe(true);
  });

  it("enqueues a periodic job once per interval however many nodes schedule it", async () => {
    const type = unique();
    let now = 7_000_000_000;
    const clock = { now: () => now };
    const runs: string[] = [];
    const nodes = [queue({ clock }), queue({ clock }), queue({ clock })];
    nodes.forEach((node, i) => {
      node.register(type, async () => void runs.push(`node-${i}`));
      node.every(type, 100); // each node checks its slot every 25 ms (a quarter of the interval)
    });
    for (const node of nodes) node.start();
    await expect.poll(() => runs.length, { timeout: 5000 }).toBe(1);
    await new Promise((resolve) => setTimeout(resolve, 150));
    expect(runs).toHaveLength(1); // three nodes, one slot: one run

    now += 100; // the next interval
    await expect.poll(() => runs.length, { timeout: 5000 }).toBe(2);
    await new Promise((resolve) => setTimeout(resolve, 150));
    expect(runs).toHaveLength(2);
  });

  it("takes over a periodic run whose node died, after its lease, without scheduling it twice", async () => {
    const type = unique();
    let now = 8_000_000_000;
    const clock = { now: () => now };
    // Node A claims the slot and enqueues the run (it has no handler here: its runner is the dead one below).
    const a = queue({ clock });
    a.every(type, 60_000);
    a.start();
    const store = new JobStore(t.database.db);
    await expect.poll(() => store.idByKey(`every:${type}`), { timeout: 5000 }).toBeDefined();
    const claimed = await store.claimNext([type], "node-a-died", now, 30_000);
    expect(claimed?.type).toBe(type);

    const attempts: number[] = [];
    const b = queue({ clock, leaseMs: 30_000 });
    b.register(type, async (_payload, context) => void attempts.push(context.attempt));
    b.every(type, 60_000); // same slot: B must not enqueue a second run
    b.start();
    await b.drain();
    expect(attempts).toEqual([]); // still leased to the dead node

    now += 30_001;
    await b.drain();
    expect(attempts).toEqual([2]);
    await b.drain();
    const left = await t.database.db.selectFrom("jobs").select("id").where("type", "=", type).execute();
    expect(left).toEqual([]);
    expect(attempts).toEqual([2]);
  });

  it("runs a per-node periodic job on every node, in process", async () => {
    const type = unique();
    const runs: number[] = [];
    const nodes = [queue(), queue()];
    nodes.forEach((node, i) => {
      node.register(type, async () => void runs.push(i));
      node.every(type, 60_000, { perNode: true });
      node.start();
    });
    await expect.poll(() => [...runs].sort(), { timeout: 5000 }).toEqual([0, 1]);
    const rows = await t.database.db.selectFrom("jobs").select("id").where("type", "=", type).execute();
    expect(rows).toEqual([]);
  });
});
