import { describe, expect, it } from "vitest";
import { cacheKey, isWebVtt, subtitleCharset } from "./subtitles-webvtt.js";

describe("WebVTT sources", () => {
  it("decodes UTF-8 and UTF-16 as they are, and legacy files with their language's code page", () => {
    expect(subtitleCharset(Buffer.from("Café", "utf8"), "fre")).toBeUndefined();
    expect(subtitleCharset(Buffer.from([0xff, 0xfe, 0x41, 0x00]), "")).toBeUndefined();
    expect(subtitleCharset(Buffer.from([0xfe, 0xff, 0x00, 0x41]), "")).toBeUndefined();
    expect(subtitleCharset(Buffer.from("Caf\xe9", "latin1"), "fre")).toBe("CP1252");
    expect(subtitleCharset(Buffer.from([0xcf, 0xf0, 0xe8]), "rus")).toBe("CP1251");
    expect(subtitleCharset(Buffer.from([0xc4, 0xe3]), "chi")).toBe("GB18030");
    expect(subtitleCharset(Buffer.from([0xc4, 0xe3]), "")).toBe("CP1252");
  });

  it("passes through only what already is WebVTT", () => {
    expect(isWebVtt(Buffer.from("WEBVTT\n\n"))).toBe(true);
    expect(isWebVtt(Buffer.from("\uFEFFWEBVTT - a title\n"))).toBe(true);
    expect(isWebVtt(Buffer.from("WEBVTTX\n"))).toBe(false);
    expect(isWebVtt(Buffer.from("1\n00:00:01,000 --> 00:00:02,000\nHi\n"))).toBe(false);
  });

  it("keys the cache by blob and stream, and refuses a key that could leave the folder", () => {
    expect(cacheKey({ kind: "stream", gcid: "ABC123", index: 3 })).toBe("ABC123.s3");
    expect(cacheKey({ kind: "file", gcid: "ABC123" })).toBe("ABC123.file");
    expect(() => cacheKey({ kind: "file", gcid: "../etc" })).toThrow();
  });
});
