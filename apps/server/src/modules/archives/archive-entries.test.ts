import { describe, expect, it } from "vitest";
import { checkLimits, normalizeEntries, pathParts } from "./archive-entries.js";

const limits = { maxEntries: 10, maxUnpackedBytes: 1e9, maxRatio: 100, maxDepth: 3 };
const file = (path: string, size = 1, packedSize = 1) => ({
  path,
  isDir: false,
  size,
  packedSize,
  encrypted: false,
  modifiedAt: 0,
});

describe("archive entries", () => {
  it("cleans paths: no root, no dot or dot-dot parts, backslashes as separators", () => {
    expect(pathParts("/a/./b/../c\\d")).toEqual(["a", "b", "c", "d"]);
    expect(pathParts("../../etc/passwd")).toEqual(["etc", "passwd"]);
  });

  it("adds the folders that files imply, once, sorted", () => {
    const entries = normalizeEntries([file("a/b/c.txt"), { ...file("a"), isDir: true }, file("z.txt")]);
    expect(entries.map((e) => [e.path, e.is_dir, e.parent_path])).toEqual([
      ["a", true, ""],
      ["a/b", true, "a"],
      ["a/b/c.txt", false, "a/b"],
      ["z.txt", false, ""],
    ]);
  });

  it("refuses too many entries, too much data, a bomb ratio and deep nesting", () => {
    const many = normalizeEntries(Array.from({ length: 11 }, (_, i) => file(`f${i}`)));
    expect(() => checkLimits(many, 100, limits)).toThrow(
      expect.objectContaining({ error: "archive_too_many_entries" }),
    );
    const huge = normalizeEntries([file("big", 2e9)]);
    expect(() => checkLimits(huge, 2e9, limits)).toThrow(
      expect.objectContaining({ error: "archive_too_large" }),
    );
    const bomb = normalizeEntries([file("zeros", 500e6)]);
    expect(() => checkLimits(bomb, 500e3, limits)).toThrow(
      expect.objectContaining({ error: "archive_ratio_suspicious" }),
    );
    const deep = normalizeEntries([file("a/b/c/d/e.txt")]);
    expect(() => checkLimits(deep, 100, limits)).toThrow(
      expect.objectContaining({ error: "archive_too_deep" }),
    );
    expect(() => checkLimits(normalizeEntries([file("a/b/c/e.txt", 1000)]), 10, limits)).not.toThrow();
  });
});
