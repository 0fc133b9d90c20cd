import { spawnSync } from "node:child_process";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { buildIsStale, ROOT } from "./build-freshness.mjs";

// `npm run blobs:check` (docs/deploy.md §5): build first when the build is missing or stale (like
// `npm start`), then compare the database with the blob store (apps/server/src/blobs-check-cli.ts).
if (buildIsStale()) {
  process.stderr.write("Nimbus: building (the build is missing or older than the sources)…\n");
  const npm = process.platform === "win32" ? "npm.cmd" : "npm";
  const result = spawnSync(npm, ["run", "build"], { cwd: ROOT, stdio: "inherit" });
  if (result.status !== 0) process.exit(result.status ?? 1);
}
await import(pathToFileURL(path.join(ROOT, "apps/server/dist/blobs-check-cli.js")).href);
