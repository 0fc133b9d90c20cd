// `npm run bench`: every benchmark, one after another; each writes its own
// section of bench/results.md.
import { spawnSync } from "node:child_process";
import path from "node:path";
import { ROOT } from "./lib.mjs";

const BENCHES = [
  "startup.mjs",
  "web.mjs",
  "download.mjs",
  "files.mjs",
  "upload.mjs",
  "share-restore.mjs",
  "drive-web.mjs",
];
let failed = false;
for (const bench of BENCHES) {
  console.log(`--- bench/${bench}`);
  const result = spawnSync(process.execPath, [path.join(ROOT, "bench", bench)], {
    stdio: "inherit",
    cwd: ROOT,
  });
  failed ||= result.status !== 0;
}
process.exit(failed ? 1 : 0);
