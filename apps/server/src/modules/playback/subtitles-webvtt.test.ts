import { chmod, mkdtemp, readdir, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { cacheKey, isWebVtt, subtitleCharset, WebVttCache } from "./subtitles-webvtt.js";

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

describe("WebVttCache", () => {
  /** A stand-in for ffmpeg: a shell script (its last argument is the output file). */
  async function fakeFfmpeg(dir: string, name: string, body: string): Promise<string> {
    const file = path.join(dir, name);
    await writeFile(file, `#!/bin/sh\n${body}\n`);
    await chmod(file, 0o755);
    return file;
  }

  it("remembers a refusal, but not a run that was killed before it could say", async () => {
    const dir = await mkdtemp(path.join(tmpdir(), "nimbus-webvtt-"));
    try {
      const killed = await fakeFfmpeg(dir, "killed", "kill -9 $$");
      const refuses = await fakeFfmpeg(dir, "refuses", "exit 1");
      const works = await fakeFfmpeg(dir, "works", 'for last; do :; done; printf "WEBVTT\\n\\n" > "$last"');
      let program = killed;
      const cache = new WebVttCache(path.join(dir, "cache"), () => program);
      const source = (index: number) =>
        ({
          kind: "stream",
          gcid: "G1",
          index,
          open: async () => ({ path: dir, release: async () => {} }),
        }) as const;

      await expect(cache.get(source(2))).rejects.toMatchObject({ error: "subtitle_not_convertible" });
      expect(await readdir(path.join(dir, "cache"))).toEqual([]);
      program = works;
      expect((await cache.get(source(2))).size).toBe("WEBVTT\n\n".length);

      program = refuses;
      await expect(cache.get(source(3))).rejects.toMatchObject({ error: "subtitle_not_convertible" });
      program = works;
      // Refused once: answered from the marker, ffmpeg not asked again.
      await expect(cache.get(source(3))).rejects.toMatchObject({ error: "subtitle_not_convertible" });
      expect((await readdir(path.join(dir, "cache"))).sort()).toEqual(["G1.s2.vtt", "G1.s3.vtt.failed"]);
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });
});
