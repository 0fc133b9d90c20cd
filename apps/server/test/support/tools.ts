import { spawnSync } from "node:child_process";
import { mkdir, mkdtemp, rm, symlink } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll } from "vitest";

/**
 * The programs a test runs itself (to make fixtures or to read back what the server
 * wrote), checked before use: a missing one fails the test with what to install, not
 * with a bare `spawnSync ENOENT` halfway through. `.ci/run` installs them all.
 */
const PACKAGES: Readonly<Record<string, string>> = {
  "7zz": "7zip",
  unzip: "unzip",
  zip: "zip",
  lsar: "unar",
  unar: "unar",
  ffmpeg: "ffmpeg",
  ffprobe: "ffmpeg",
  pdftoppm: "poppler-utils",
};

/** Throws, naming the Debian package, unless every program is on `PATH`. */
export function requireTools(...names: string[]): void {
  const missing = names.filter((name) => spawnSync("sh", ["-c", `command -v ${name}`]).status !== 0);
  if (missing.length > 0) {
    const packages = [...new Set(missing.map((name) => PACKAGES[name] ?? name))].join(" ");
    throw new Error(
      `${missing.join(", ")} not on PATH: this test needs \`apt-get install ${packages}\` (.ci/run installs it)`,
    );
  }
}

/**
 * A machine with Node.js alone (issue #28): for the file's tests, `PATH` holds a
 * directory with a `node` link and nothing else, so every media or archive program
 * must come from npm packages. Returns the directory, valid once `beforeAll` ran.
 */
export function onlyNodeOnPath(prefix: string): () => string {
  let dir = "";
  let savedPath: string | undefined;
  beforeAll(async () => {
    dir = await mkdtemp(path.join(tmpdir(), prefix));
    await mkdir(path.join(dir, "bin"));
    await symlink(process.execPath, path.join(dir, "bin", "node"));
    savedPath = process.env.PATH;
    process.env.PATH = path.join(dir, "bin");
  });
  afterAll(async () => {
    process.env.PATH = savedPath;
    await rm(dir, { recursive: true, force: true });
  });
  return () => dir;
}
