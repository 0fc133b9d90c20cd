// Cloud-download throughput: a 1 GiB file served by nginx on loopback, fetched by a
// Nimbus offline task (create, poll until COMPLETE: fetch to the task's temp
// folder with its GCID computed behind the writes, then adopted into the blob store
// by a hard link) and by curl writing the
// same bytes to a file on the same disk, alternating, in the same run.
//   node bench/offline-download.mjs          measure and write bench/results.md
// Needs `npm run build`, nginx (`apt-get install nginx`) and curl.
import { spawn } from "node:child_process";
import { chmodSync, mkdirSync, readFileSync, rmSync } from "node:fs";
import path from "node:path";
import {
  benchWorkDir,
  fetchJson,
  freePort,
  machine,
  median,
  ROOT,
  requireFiles,
  signUp,
  sleep,
  startBuiltServer,
  writeRandomFile,
  writeSection,
} from "./lib.mjs";
import { NGINX, startNginx } from "./nginx.mjs";

const SERVER = path.join(ROOT, "apps/server/dist/main.js");
const SIZE = Number(process.env.BENCH_DOWNLOAD_BYTES ?? 1024 ** 3);
const RUNS = Number(process.env.BENCH_RUNS ?? 3);
const TARGET = 0.8;

/** 1 GiB, 256 MiB: the size in the largest binary unit that keeps it whole. */
function sizeLabel(bytes) {
  return bytes % 2 ** 30 === 0 ? `${bytes / 2 ** 30} GiB` : `${Math.round(bytes / 2 ** 20)} MiB`;
}

requireFiles([
  ["the build (npm run build)", SERVER],
  ["nginx (apt-get install nginx)", NGINX],
]);

const { work, children } = benchWorkDir("nimbus-bench-offline-");

async function startNimbus(dataDir) {
  const port = await freePort();
  const origin = `http://127.0.0.1:${port}`;
  const { child } = await startBuiltServer({
    dataDir,
    port,
    env: {
      PUBLIC_URL: origin,
      NODE_ENV: "test",
      FREE_STORAGE_BYTES: String((RUNS + 2) * SIZE),
      OFFLINE_ALLOW_PRIVATE: "true",
      OFFLINE_DAILY_TASKS_FREE: "0",
    },
  });
  children.push(child);
  return origin;
}

/** One offline task, from create to COMPLETE; bytes per second over that time. */
async function viaTask(origin, auth, url) {
  const started = performance.now();
  const { task } = await fetchJson(`${origin}/drive/v1/files`, {
    method: "POST",
    headers: auth,
    body: JSON.stringify({ kind: "drive#file", upload_type: "UPLOAD_TYPE_URL", url: { url } }),
  });
  let fetched;
  for (;;) {
    const got = await fetchJson(`${origin}/drive/v1/tasks/${task.id}`, { headers: auth });
    if (fetched === undefined && got.params?.downloaded_bytes === String(SIZE)) fetched = performance.now();
    if (process.env.BENCH_TRACE)
      console.log(
        `  ${(performance.now() - started).toFixed(0)} ms ${got.phase} ${got.progress} ${got.params?.downloaded_bytes}`,
      );
    if (got.phase === "PHASE_TYPE_COMPLETE") break;
    if (got.phase === "PHASE_TYPE_ERROR") throw new Error(`task failed: ${got.message}`);
    await sleep(50);
  }
  const done = performance.now();
  console.log(
    `  task: bytes fetched after ${((fetched ?? done) - started).toFixed(0)} ms, COMPLETE after ${(done - started).toFixed(0)} ms`,
  );
  return SIZE / ((done - started) / 1000);
}

/** One curl download written to a file on the same disk; bytes per second as curl measured them. */
function viaCurl(url, out) {
  return new Promise((resolve, reject) => {
    const child = spawn("curl", ["-sS", "-o", out, "-w", "%{size_download} %{speed_download}", url]);
    let text = "";
    child.stdout.on("data", (d) => {
      text += d;
    });
    child.on("exit", (code) => {
      rmSync(out, { force: true });
      const [size, speed] = text.split(" ").map(Number);
      if (code !== 0 || size !== SIZE) reject(new Error(`curl: exit ${code}, ${text}`));
      else resolve(speed);
    });
  });
}

const www = path.join(work, "www");
mkdirSync(www);
chmodSync(www, 0o755);
writeRandomFile(path.join(www, "big.bin"), SIZE);
chmodSync(path.join(www, "big.bin"), 0o644);
const nginx = await startNginx({ work, root: www });
children.push(nginx.child);
const fileUrl = `${nginx.url}/big.bin`;
const dataDir = path.join(work, "data");
const origin = await startNimbus(dataDir);
const tokens = await signUp(origin, dataDir, `bench-${Date.now()}@example.com`, "bench password 123");
const auth = { authorization: `Bearer ${tokens.access_token}` };

const loadAtStart = readFileSync("/proc/loadavg", "utf8").split(" ").slice(0, 3).join(" / ");
const task = [];
const curl = [];
for (let run = 0; run < RUNS; run++) {
  // A new query each run: a new content key, so no run completes by reference.
  task.push(await viaTask(origin, auth, `${fileUrl}?run=${run}`));
  curl.push(await viaCurl(fileUrl, path.join(work, "curl.bin")));
  console.log(
    `run ${run + 1}: task ${(task.at(-1) / 2 ** 20).toFixed(0)} MiB/s, curl ${(curl.at(-1) / 2 ** 20).toFixed(0)} MiB/s`,
  );
}
const mib = (v) => `${(v / 2 ** 20).toFixed(0)} MiB/s`;
const ratio = median(task) / median(curl);
writeSection(
  "offline-download",
  `## Cloud download: a ${sizeLabel(SIZE)} web file through an offline task (\`node bench/offline-download.mjs\`)

Machine: ${machine()}. nginx (\`sendfile on\`) on loopback serves the file; the built server (SQLite,
local blobs, \`OFFLINE_ALLOW_PRIVATE=true\`) fetches it through a task — create, fetch to the task's
temp folder (8 MiB \`writev\` batches, the GCID computed by a worker thread right behind the writes,
no SHA-256), file it into the drive by hard-linking the fetched file under its GCID — timed from the
create call to COMPLETE; curl writes the same bytes to a file on the same disk. Alternating, ${RUNS} runs each.
Load average (1/5/15 min) at start ${loadAtStart}, at end ${readFileSync("/proc/loadavg", "utf8").split(" ").slice(0, 3).join(" / ")}: the machine's 2 cores are shared with other work.

| client | median | runs |
|---|---:|---|
| offline task (create → COMPLETE) | ${mib(median(task))} | ${task.map(mib).join(", ")} |
| curl -o file | ${mib(median(curl))} | ${curl.map(mib).join(", ")} |

Ratio task / curl: **${ratio.toFixed(2)}** (target ≥ ${TARGET}). ${ratio >= TARGET ? "Within target." : "Below target."}`,
);
console.log(`ratio ${ratio.toFixed(2)}`);
process.exit(0);
