import { describe, expect, it } from "vitest";
import { MemoryRateLimitStore } from "./memory-rate-limit-store.js";

// What every store promises is in rate-limit-store-contract.ts (run by rate-limit-store.test.ts).
describe("MemoryRateLimitStore", () => {
  it("drops expired windows when many keys pile up", async () => {
    const clock = { time: 1_000_000, now: () => clock.time };
    const limits = new MemoryRateLimitStore(clock);
    for (let i = 0; i < 10_000; i++) await limits.hit(`old-${i}`, 10);
    clock.time += 10;
    await limits.hit("new", 10);
    expect((limits as unknown as { windows: Map<string, unknown> }).windows.size).toBe(1);
  });
});
