import { readdirSync, statSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";

export const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
export const STAMP = path.join(ROOT, ".build-stamp");
/** The production server: the tsc output linked into one module by scripts/bundle-server.mjs. */
export const SERVER_ENTRY = path.join(ROOT, "apps/server/bundle/main.js");

/** Inputs of `npm run build`: every workspace's sources and configs, and the lockfile. */
const INPUTS = ["package-lock.json", "tsconfig.base.json", "packages", "apps"];
const SKIP = new Set(["node_modules", "dist", "bundle", "build", "test", ".vite"]);

function newestMtime(target) {
  let stat;
  try {
    stat = statSync(target);
  } catch {
    return 0;
  }
  if (!stat.isDirectory()) return stat.mtimeMs;
  let newest = 0;
  for (const entry of readdirSync(target)) {
    if (SKIP.has(entry)) continue;
    newest = Math.max(newest, newestMtime(path.join(target, entry)));
  }
  return newest;
}

/** True when the build is missing or older than any of its inputs. */
export function buildIsStale() {
  let stampTime;
  try {
    stampTime = statSync(STAMP).mtimeMs;
  } catch {
    return true;
  }
  return INPUTS.some((input) => newestMtime(path.join(ROOT, input)) > stampTime);
}
