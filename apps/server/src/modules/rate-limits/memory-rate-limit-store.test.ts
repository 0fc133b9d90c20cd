import { describe, expect, it } from "vitest";
import { MemoryRateLimitStore } from "./memory-rate-limit-store.js";

function store() {
  const clock = { time: 1_000_000, now: () => clock.time };
  return { clock, limits: new MemoryRateLimitStore(clock) };
}

describe("MemoryRateLimitStore", () => {
  it("counts hits inside a window and starts over after it", async () => {
    const { clock, limits } = store();
    expect(await limits.hit("k", 1000)).toBe(1);
    expect(await limits.hit("k", 1000)).toBe(2);
    expect(await limits.count("k")).toBe(2);
    clock.time += 1000;
    expect(await limits.count("k")).toBe(0);
    expect(await limits.hit("k", 1000)).toBe(1);
  });

  it("keeps keys apart and forgets a reset key", async () => {
    const { limits } = store();
    await limits.hit("a", 1000);
    await limits.hit("b", 1000);
    await limits.reset("a");
    expect(await limits.count("a")).toBe(0);
    expect(await limits.count("b")).toBe(1);
  });

  it("drops expired windows when many keys pile up", async () => {
    const { clock, limits } = store();
    for (let i = 0; i < 10_000; i++) await limits.hit(`old-${i}`, 10);
    clock.time += 10;
    await limits.hit("new", 10);
    expect((limits as unknown as { windows: Map<string, unknown> }).windows.size).toBe(1);
  });
});
