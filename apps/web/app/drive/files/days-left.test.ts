import { describe, expect, it } from "vitest";
import { daysLeft } from "./item-facts.js";

const DAY = 86_400_000;
const now = Date.parse("2026-11-28T12:00:00Z");
const at = (ms: number) => new Date(now + ms).toISOString();

// Issue 33, item 15: an item trashed just now showed "29 days left" beside the trash's "30 days".
describe("daysLeft", () => {
  it("counts whole days up, so a fresh item has the promised 30", () => {
    expect(daysLeft(at(30 * DAY - 1000), now)).toBe(30);
    expect(daysLeft(at(30 * DAY), now)).toBe(30);
    expect(daysLeft(at(DAY + 1), now)).toBe(2);
    expect(daysLeft(at(DAY), now)).toBe(1);
  });
  it("never promises more than the retention when the browser's clock is behind the server's", () => {
    // Trashed by the server 2 s after the browser's now: still 30 days, not 31.
    expect(daysLeft(at(30 * DAY + 2000), now, at(2000))).toBe(30);
    expect(daysLeft(at(30 * DAY + 2000), now + 5 * DAY + 2000, at(2000))).toBe(25);
  });
  it("is 0 within the last day and after it", () => {
    expect(daysLeft(at(DAY - 1), now)).toBe(0);
    expect(daysLeft(at(-DAY), now)).toBe(0);
  });
});
