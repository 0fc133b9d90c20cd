import { spawnSync } from "node:child_process";

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
