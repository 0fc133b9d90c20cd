import { describe, expect, it } from "vitest";
import { formatBytes, formatDate, formatPrice } from "./format.js";

describe("formatBytes (spec §5)", () => {
  it("steps by 1024 through B … PB", () => {
    expect(formatBytes(0, "en-US")).toBe("0 B");
    expect(formatBytes(1023, "en-US")).toBe("1,023 B");
    expect(formatBytes(1024, "en-US")).toBe("1 KB");
    expect(formatBytes(1536, "en-US")).toBe("1.5 KB");
    expect(formatBytes(6 * 1024 ** 3, "en-US")).toBe("6 GB");
    expect(formatBytes(10 * 1024 ** 4, "en-US")).toBe("10 TB");
    expect(formatBytes(3 * 1024 ** 6, "en-US")).toBe("3,072 PB");
  });
  it("reads int64 strings and shows * for anything else", () => {
    expect(formatBytes("1048576", "en-US")).toBe("1 MB");
    expect(formatBytes("abc", "en-US")).toBe("*");
    expect(formatBytes(undefined, "en-US")).toBe("*");
    expect(formatBytes(Number.NaN, "en-US")).toBe("*");
  });
  it("uses the locale's digits", () => {
    expect(formatBytes(1536, "de")).toBe("1,5 KB");
  });
  it("writes the units in Cyrillic where the language does", () => {
    expect(formatBytes(1.5 * 1024 ** 2, "ru")).toBe("1,5 МБ");
    expect(formatBytes(6 * 1024 ** 3, "uk")).toBe("6 ГБ");
    expect(formatBytes(512, "ru")).toBe("512 Б");
    for (const locale of ["en-US", "es", "id", "ja", "ko", "ms", "pt", "zh-CN", "zh-TW"])
      expect(formatBytes(6 * 1024 ** 3, locale)).toBe("6 GB");
  });
});

describe("formatDate", () => {
  it("formats a calendar date in UTC", () => {
    expect(formatDate("2025-09-01", "en-US")).toBe("September 1, 2025");
    expect(formatDate("2025-09-01", "ja")).toBe("2025年9月1日");
  });
});

describe("formatPrice", () => {
  it("reads minor units by the currency's own digits", () => {
    expect(formatPrice(999, "USD", "en-US")).toBe("$9.99");
    expect(formatPrice(1200, "JPY", "ja")).toMatch(/1,200/);
    expect(formatPrice(1200, "JPY", "ja")).not.toMatch(/12(?!\d|,)/);
    expect(formatPrice(1500, "KWD", "en-US")).toMatch(/1\.500/);
  });

  it("writes the page language's separators", () => {
    expect(formatPrice(7999, "EUR", "pt").replace(/\s/g, " ")).toMatch(/79,99/);
    expect(formatPrice(0, "USD", "en-US")).toBe("$0.00");
  });
});
