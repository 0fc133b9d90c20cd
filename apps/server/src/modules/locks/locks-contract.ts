import { expect, it } from "vitest";
import { acquire, type Locks } from "./locks.js";

/**
 * What every `Locks` promises, run against each implementation (memory, Redis): two
 * `Locks` from `make` share their keys, as two nodes of one cluster do. Call inside a `describe`.
 */
export function locksContract(make: () => Promise<[Locks, Locks]>): void {
  it("a held key is refused to everyone else until its lease is released", async () => {
    const [a, b] = await make();
    const lease = await a.tryAcquire("upload-1");
    expect(lease).toBeDefined();
    expect(await a.tryAcquire("upload-1")).toBeUndefined();
    expect(await b.tryAcquire("upload-1")).toBeUndefined();
    const other = await b.tryAcquire("upload-2");
    expect(other).toBeDefined();
    await lease?.release();
    const next = await b.tryAcquire("upload-1");
    expect(next).toBeDefined();
    await next?.release();
    await other?.release();
  });

  it("releasing twice does not free a key another holder took since", async () => {
    const [a, b] = await make();
    const first = await a.tryAcquire("k");
    await first?.release();
    const second = await b.tryAcquire("k");
    expect(second).toBeDefined();
    await first?.release();
    expect(await a.tryAcquire("k")).toBeUndefined();
    await second?.release();
  });

  it("acquire waits for the holder to let go", async () => {
    const [a, b] = await make();
    const held = await a.tryAcquire("k");
    setTimeout(() => void held?.release(), 150);
    const started = Date.now();
    const lease = await acquire(b, "k", { waitMs: 5_000, pollMs: 20 });
    expect(lease).toBeDefined();
    expect(Date.now() - started).toBeGreaterThanOrEqual(100);
    expect(lease?.lost.aborted).toBe(false);
    await lease?.release();
  });

  it("acquire gives up after waitMs, or at once when its signal aborts", async () => {
    const [a, b] = await make();
    const held = await a.tryAcquire("k");
    const started = Date.now();
    expect(await acquire(b, "k", { waitMs: 150, pollMs: 20 })).toBeUndefined();
    expect(Date.now() - started).toBeGreaterThanOrEqual(140);
    const stop = new AbortController();
    setTimeout(() => stop.abort(), 50);
    const aborted = Date.now();
    expect(await acquire(b, "k", { waitMs: 10_000, pollMs: 20, signal: stop.signal })).toBeUndefined();
    expect(Date.now() - aborted).toBeLessThan(2_000);
    await held?.release();
  });

  it("of many concurrent attempts on one key, exactly one wins", async () => {
    const [a, b] = await make();
    const leases = await Promise.all(
      Array.from({ length: 10 }, (_, i) => (i % 2 ? a : b).tryAcquire("race")),
    );
    expect(leases.filter(Boolean)).toHaveLength(1);
    await Promise.all(leases.map((lease) => lease?.release()));
  });
}
