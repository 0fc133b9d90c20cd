import { describe, expect, it } from "vitest";
import { formatStorage, STORAGE_STEP, STORAGE_UNITS, toByteCount } from "./storage.js";

const KB = 1024;
const MB = KB * 1024;
const GB = MB * 1024;
const TB = GB * 1024;
const PB = TB * 1024;

describe("formatStorage (spec §5)", () => {
  it("steps by 1024 through B, KB, MB, GB, TB, PB", () => {
    expect(STORAGE_STEP).toBe(1024);
    expect(STORAGE_UNITS).toEqual(["B", "KB", "MB", "GB", "TB", "PB"]);
    expect(formatStorage(0)).toBe("0 B");
    expect(formatStorage(1023)).toBe("1023 B");
    expect(formatStorage(1024)).toBe("1 KB");
    expect(formatStorage(1536)).toBe("1.5 KB");
    expect(formatStorage(MB)).toBe("1 MB");
    expect(formatStorage(6 * GB)).toBe("6 GB");
    expect(formatStorage(10 * TB)).toBe("10 TB");
    expect(formatStorage(PB)).toBe("1 PB");
  });

  it("stays at PB beyond it", () => {
    expect(formatStorage(1024 * PB)).toBe("1024 PB");
    expect(formatStorage(5000 * PB)).toBe("5000 PB");
  });

  it("keeps at most two decimals and moves up when rounding reaches 1024", () => {
    expect(formatStorage(1.234 * GB)).toBe("1.23 GB");
    expect(formatStorage(1.004 * MB)).toBe("1 MB");
    expect(formatStorage(1.006 * MB)).toBe("1.01 MB");
    expect(formatStorage(1023.6)).toBe("1 KB");
    expect(formatStorage(MB - 1)).toBe("1 MB");
    expect(formatStorage(1.5 * GB, { fractionDigits: 0 })).toBe("2 GB");
    expect(formatStorage(1023.4)).toBe("1023 B");
  });

  it("accepts decimal strings, as the API sends int64 values", () => {
    expect(formatStorage("6442450944")).toBe("6 GB");
    expect(formatStorage(" 2048 ")).toBe("2 KB");
  });

  it.each([
    ["a non-numeric string", "12 GB"],
    ["an empty string", ""],
    ["a negative string", "-1"],
    ["NaN", Number.NaN],
    ["Infinity", Number.POSITIVE_INFINITY],
    ["undefined", undefined],
    ["null", null],
    ["a negative number", -1],
    ["an object", { size: 1 }],
    ["a boolean", true],
  ])("shows * for %s", (_, value) => {
    expect(formatStorage(value)).toBe("*");
  });

  it("toByteCount reads numbers and decimal strings only", () => {
    expect(toByteCount(5)).toBe(5);
    expect(toByteCount("5.5")).toBe(5.5);
    expect(toByteCount("0x10")).toBeUndefined();
    expect(toByteCount("1e3")).toBeUndefined();
  });
});
