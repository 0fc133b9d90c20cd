import { describe, expect, it } from "vitest";
import { isoTime } from "./clock.js";

const native = (ms: number) => new Date(ms).toISOString();

describe("isoTime", () => {
  it("is Date's toISOString at the edges of months, leap days, centuries and its range", () => {
    const edges = [
      0,
      1,
      999,
      Date.UTC(1970, 11, 31, 23, 59, 59, 999),
      Date.UTC(2000, 1, 29, 12),
      Date.UTC(2000, 2, 1),
      Date.UTC(2100, 1, 28, 23, 59, 59, 999),
      Date.UTC(2100, 2, 1),
      Date.UTC(2024, 11, 31, 23, 59, 59, 999),
      Date.UTC(9999, 11, 31, 23, 59, 59, 999),
    ];
    for (const ms of edges) expect(isoTime(ms), String(ms)).toBe(native(ms));
  });

  it("is Date's toISOString for 200,000 random times, and falls back to it outside 1970–9999", () => {
    for (let i = 0; i < 200_000; i++) {
      const ms = Math.floor(Math.random() * Date.UTC(10000, 0, 1));
      if (isoTime(ms) !== native(ms)) expect(isoTime(ms), String(ms)).toBe(native(ms));
    }
    for (const ms of [-1, -86_400_001, Date.UTC(10000, 0, 1), Date.UTC(20000, 5, 5), 1.5])
      expect(isoTime(ms)).toBe(native(ms));
    expect(() => isoTime(Number.NaN)).toThrow(RangeError);
  });
});
