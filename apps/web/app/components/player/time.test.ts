import { describe, expect, it } from "vitest";
import { formatTime, resumeAt, watchedPercent } from "./time.js";

describe("formatTime", () => {
  it("writes minutes and seconds, hours once there are any", () => {
    expect(formatTime(7)).toBe("0:07");
    expect(formatTime(754.9)).toBe("12:34");
    expect(formatTime(3723)).toBe("1:02:03");
  });

  it("writes 0:00 for times a media element has not got yet", () => {
    expect(formatTime(Number.NaN)).toBe("0:00");
    expect(formatTime(Number.POSITIVE_INFINITY)).toBe("0:00");
    expect(formatTime(-3)).toBe("0:00");
  });
});

describe("resumeAt", () => {
  it("resumes where the user stopped", () => {
    expect(resumeAt(754_000, 3_600_000)).toBe(754);
  });

  it("starts over near the start or the end", () => {
    expect(resumeAt(undefined, 3_600_000)).toBe(0);
    expect(resumeAt(3_000, 3_600_000)).toBe(0);
    expect(resumeAt(3_595_000, 3_600_000)).toBe(0);
  });
});

describe("watchedPercent", () => {
  it("is the share played, clamped", () => {
    expect(watchedPercent({ position_ms: 30_000, duration_ms: 120_000 })).toBe(25);
    expect(watchedPercent({ position_ms: 200_000, duration_ms: 120_000 })).toBe(100);
    expect(watchedPercent({ position_ms: 5, duration_ms: 0 })).toBe(0);
    expect(watchedPercent(undefined)).toBe(0);
  });
});
