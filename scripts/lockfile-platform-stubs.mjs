// The npm registry this project installs from serves Linux (glibc) builds of
// platform-specific packages only, so npm cannot record the other platforms'
// optional dependencies (e.g. @biomejs/cli-darwin-arm64) in package-lock.json,
// and `npm ci` then refuses the lockfile. This adds a minimal entry (version,
// os, cpu, libc) for each missing one: npm skips them on this platform and the
// lockfile stays valid everywhere. Idempotent; runs as the root postinstall.
import { readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";

const file = path.join(path.dirname(fileURLToPath(import.meta.url)), "..", "package-lock.json");
const OS = ["android", "darwin", "linux", "win32", "freebsd", "openbsd", "sunos", "aix", "netbsd"];
const CPU = ["arm64", "x64", "arm", "ia32", "ppc64", "s390x", "riscv64", "loong64", "mips64el"];

function platformOf(name) {
  const parts = name.split("/").pop().split("-");
  const os = parts.find((p) => OS.includes(p));
  const cpu = parts.find((p) => CPU.includes(p));
  if (!os || !cpu) return undefined;
  return { os: [os], cpu: [cpu], ...(parts.includes("musl") ? { libc: ["musl"] } : {}) };
}

const lock = JSON.parse(readFileSync(file, "utf8"));
let added = 0;
for (const entry of Object.values(lock.packages)) {
  for (const [dep, range] of Object.entries(entry.optionalDependencies ?? {})) {
    const target = `node_modules/${dep}`;
    const platform = platformOf(dep);
    if (lock.packages[target] || !platform || !/^\d+\.\d+\.\d+/.test(range)) continue;
    lock.packages[target] = {
      version: range,
      ...(entry.dev ? { dev: true } : {}),
      optional: true,
      ...platform,
    };
    added++;
  }
}
if (added > 0) {
  writeFileSync(file, `${JSON.stringify(lock, null, 2)}\n`);
  console.log(
    `package-lock.json: recorded ${added} optional platform package(s) the registry does not serve`,
  );
}
