import { describe, expect, it } from "vitest";
import { isJunkFile, withoutJunk } from "./junk-files.js";

const file = (index: number, name: string, size?: number) => ({ index, path: ["Release", name], size });

describe("junk files of a cloud download", () => {
  it("are shortcuts, padding and small web pages", () => {
    expect(isJunkFile(file(0, "Visit us.url", 100))).toBe(true);
    expect(isJunkFile(file(0, "site.LNK", 100))).toBe(true);
    expect(isJunkFile(file(0, "_____padding_file_0_do-not-open", 1_000_000))).toBe(true);
    expect(isJunkFile({ index: 0, path: [".pad", "0"], size: 10 })).toBe(true);
    expect(isJunkFile(file(0, "ads.html", 900))).toBe(true);
  });

  it("are not content, text notes, big pages or pages of unknown size", () => {
    expect(isJunkFile(file(0, "movie.mkv", 100))).toBe(false);
    expect(isJunkFile(file(0, "notes.txt", 1_234))).toBe(false);
    expect(isJunkFile(file(0, "manual.html", 5_000_000))).toBe(false);
    expect(isJunkFile(file(0, "page.html"))).toBe(false);
  });

  it("leaves them out of a multi-file link, but never empties it nor touches a single file", () => {
    const release = [file(0, "movie.mkv", 9e9), file(1, "Visit us.url", 80), file(2, "ads.htm", 300)];
    expect(withoutJunk(release).map((f) => f.index)).toEqual([0]);
    const onlyJunk = [file(0, "a.url", 1), file(1, "b.html", 1)];
    expect(withoutJunk(onlyJunk)).toEqual(onlyJunk);
    expect(withoutJunk([file(0, "a.url", 1)])).toHaveLength(1);
  });
});
