import { spawnSync } from "node:child_process";
import { pathToFileURL } from "node:url";
import { buildIsStale, ROOT, SERVER_ENTRY } from "./build-freshness.mjs";

// `npm start`: build first when the build is missing or stale, then run the
// server in this same process (signals reach it directly).
if (buildIsStale()) {
  process.stderr.write("Nimbus: building (the build is missing or older than the sources)…\n");
  const npm = process.platform === "win32" ? "npm.cmd" : "npm";
  const result = spawnSync(npm, ["run", "build"], { cwd: ROOT, stdio: "inherit" });
  if (result.status !== 0) process.exit(result.status ?? 1);
}
await import(pathToFileURL(SERVER_ENTRY).href);
