import { describe, expect, it } from "vitest";
import { DAY_MS, isPremium, vipDaysLeft } from "./vip.js";

const NOW = Date.parse("2025-03-01T12:00:00Z");

describe("vipDaysLeft (spec §5)", () => {
  it("rounds partial days up to whole days", () => {
    expect(vipDaysLeft(NOW + 1, NOW)).toBe(1);
    expect(vipDaysLeft(NOW + DAY_MS, NOW)).toBe(1);
    expect(vipDaysLeft(NOW + DAY_MS + 1, NOW)).toBe(2);
    expect(vipDaysLeft(NOW + 30 * DAY_MS - 1000, NOW)).toBe(30);
  });

  it("is never negative", () => {
    expect(vipDaysLeft(NOW, NOW)).toBe(0);
    expect(vipDaysLeft(NOW - 5 * DAY_MS, NOW)).toBe(0);
  });

  it("reads date strings and Dates, and gives 0 for an unreadable expiry", () => {
    expect(vipDaysLeft("2025-03-03T00:00:00+08:00", NOW)).toBe(2);
    expect(vipDaysLeft(new Date(NOW + 3 * DAY_MS), NOW)).toBe(3);
    expect(vipDaysLeft("", NOW)).toBe(0);
    expect(vipDaysLeft("soon", NOW)).toBe(0);
    expect(vipDaysLeft(undefined, NOW)).toBe(0);
    expect(vipDaysLeft(Number.NaN, NOW)).toBe(0);
  });
});

describe("isPremium (spec §4)", () => {
  it("is true only when the VIP status is ok", () => {
    expect(isPremium({ status: "ok" })).toBe(true);
    expect(isPremium({ status: "OK" })).toBe(false);
    expect(isPremium({ status: "expired" })).toBe(false);
    expect(isPremium({})).toBe(false);
    expect(isPremium(null)).toBe(false);
    expect(isPremium(undefined)).toBe(false);
  });
});
