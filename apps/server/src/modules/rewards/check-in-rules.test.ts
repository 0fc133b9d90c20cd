import { describe, expect, it } from "vitest";
import {
  checkTimeZone,
  localDay,
  nextMidnight,
  nextStreak,
  previousDay,
  rewardTable,
  standingStreak,
  tableDay,
} from "./check-in-rules.js";

describe("check-in rules", () => {
  it("the reward table: traffic on days 1–6, premium days on the 7th", () => {
    const table = rewardTable(100, 2);
    expect(table.map((r) => r.kind)).toEqual([...Array(6).fill("traffic"), "premium_day"]);
    expect(table[6]).toEqual({ day: 7, kind: "premium_day", amount: 2 });
  });

  it("a streak grows on consecutive days and starts again after a gap", () => {
    expect(nextStreak("2026-03-01", undefined)).toBe(1);
    expect(nextStreak("2026-03-01", { day: "2026-02-28", streak: 6 })).toBe(7);
    expect(nextStreak("2026-03-01", { day: "2026-02-27", streak: 6 })).toBe(1);
    expect(standingStreak("2026-03-01", { day: "2026-02-28", streak: 3 })).toBe(3);
    expect(standingStreak("2026-03-01", { day: "2026-02-27", streak: 3 })).toBe(0);
    expect([1, 7, 8, 14, 15].map(tableDay)).toEqual([1, 7, 1, 7, 1]);
    expect(previousDay("2024-03-01")).toBe("2024-02-29");
  });

  it("days and midnights in a time zone, daylight saving included", () => {
    const at = Date.UTC(2026, 0, 1, 20); // 2026-01-02 05:00 in Tokyo
    expect(localDay(at, "UTC")).toBe("2026-01-01");
    expect(localDay(at, "Asia/Tokyo")).toBe("2026-01-02");
    expect(new Date(nextMidnight(at, "Asia/Tokyo")).toISOString()).toBe("2026-01-02T15:00:00.000Z");
    // Berlin springs forward on 2026-03-29: midnight of the 29th is still +01:00, of the 30th +02:00.
    expect(new Date(nextMidnight(Date.UTC(2026, 2, 28, 12), "Europe/Berlin")).toISOString()).toBe(
      "2026-03-28T23:00:00.000Z",
    );
    expect(new Date(nextMidnight(Date.UTC(2026, 2, 29, 12), "Europe/Berlin")).toISOString()).toBe(
      "2026-03-29T22:00:00.000Z",
    );
  });

  it("time zones are IANA names", () => {
    expect(checkTimeZone("Europe/Berlin")).toBe("Europe/Berlin");
    expect(() => checkTimeZone("Mars/Olympus")).toThrow(/IANA/);
  });
});
