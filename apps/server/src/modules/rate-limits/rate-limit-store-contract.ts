import { expect, it } from "vitest";
import type { RateLimitStore } from "./rate-limit-store.js";

/** A store under test, with a way to let `ms` pass for it (a fake clock, or real time for Redis). */
export interface ContractSubject {
  limits: RateLimitStore;
  /** A window short enough to wait out, and long enough that a few round trips fit in it. */
  windowMs: number;
  pass(ms: number): Promise<void>;
}

/**
 * What every `RateLimitStore` promises, run against each implementation (memory, Redis) so
 * a cluster counts exactly as one process does. Call inside a `describe`.
 */
export function rateLimitStoreContract(make: () => Promise<ContractSubject>): void {
  it("counts hits inside a window and starts over after it", async () => {
    const { limits, windowMs, pass } = await make();
    expect(await limits.hit("k", windowMs)).toBe(1);
    expect(await limits.hit("k", windowMs)).toBe(2);
    expect(await limits.count("k")).toBe(2);
    await pass(windowMs);
    expect(await limits.count("k")).toBe(0);
    expect(await limits.hit("k", windowMs)).toBe(1);
  });

  it("keeps the window of the first hit (later hits do not extend it)", async () => {
    const { limits, windowMs, pass } = await make();
    await limits.hit("k", windowMs);
    await pass(windowMs / 2);
    await limits.hit("k", windowMs);
    await pass(windowMs / 2);
    expect(await limits.count("k")).toBe(0);
  });

  it("adds amounts and takes them back without opening a window", async () => {
    const { limits, windowMs } = await make();
    expect(await limits.hit("bytes", windowMs, 700)).toBe(700);
    expect(await limits.hit("bytes", windowMs, -200)).toBe(500);
    expect(await limits.hit("none", windowMs, -1)).toBe(0);
    expect(await limits.count("none")).toBe(0);
    expect(await limits.hit("none", windowMs)).toBe(1);
  });

  it("keeps keys apart and forgets a reset key", async () => {
    const { limits, windowMs } = await make();
    await limits.hit("a", windowMs);
    await limits.hit("b", windowMs);
    await limits.reset("a");
    expect(await limits.count("a")).toBe(0);
    expect(await limits.count("b")).toBe(1);
    await limits.reset("never-hit");
  });

  it("counts concurrent hits exactly once each", async () => {
    const { limits, windowMs } = await make();
    const counts = await Promise.all(Array.from({ length: 50 }, () => limits.hit("burst", windowMs)));
    expect([...counts].sort((a, b) => a - b)).toEqual(Array.from({ length: 50 }, (_, i) => i + 1));
    expect(await limits.count("burst")).toBe(50);
  });
}
