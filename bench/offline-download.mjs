// Cloud-download throughput: a 1 GiB file served by nginx on loopback, fetched by a
// Nimbus offline task (create, poll until COMPLETE: fetch to the task's temp
// folder with its GCID computed behind the writes, then adopted into the blob store
// by a hard link) and by curl writing the
// same bytes to a file on the same disk, alternating, in the same run.
//   node bench/offline-download.mjs          measure and write bench/results.md
// Needs `npm run build`, nginx (`apt-get install nginx`) and curl.
import { spawn } from "node:child_process";
import { randomBytes } from "node:crypto";
import {
  chmodSync,
  closeSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  openSync,
  readFileSync,
  rmSync,
  writeSync,
} from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { signUpWithMailedCode } from "../scripts/mail-signup.mjs";
import { freePort, machine, median, ROOT, sleep, writeSection } from "./lib.mjs";
import { NGINX, startNginx } from "./nginx.mjs";

const SERVER = path.join(ROOT, "apps/server/dist/main.js");
const SIZE = Number(process.env.BENCH_DOWNLOAD_BYTES ?? 1024 ** 3);
const RUNS = Number(process.env.BENCH_RUNS ?? 3);
const TARGET = 0.8;

/** 1 GiB, 256 MiB: the size in the largest binary unit that keeps it whole. */
function sizeLabel(bytes) {
  return bytes % 2 ** 30 === 0 ? `${bytes / 2 ** 30} GiB` : `${Math.round(bytes / 2 ** 20)} MiB`;
}

for (const [what, file] of [
  ["the build (npm run build)", SERVER],
  ["nginx (apt-get install nginx)", NGINX],
]) {
  if (!existsSync(file)) {
    console.error(`Missing ${what}: ${file}`);
    process.exit(1);
  }
}

const work = mkdtempSync(path.join(tmpdir(), "nimbus-bench-offline-"));
chmodSync(work, 0o755);
const children = [];
process.on("exit", () => {
  for (const child of children) if (child.exitCode === null) child.kill("SIGTERM");
  rmSync(work, { recursive: true, force: true });
});

function makeFile(file) {
  const chunk = 16 * 1024 * 1024;
  const fd = openSync(file, "w");
  for (let written = 0; written < SIZE; written += chunk)
    writeSync(fd, randomBytes(Math.min(chunk, SIZE - written)));
  closeSync(fd);
}

async function waitFor(url) {
  for (let i = 0; i < 500; i++) {
    try {
      if ((await fetch(url)).status < 500) return;
    } catch {}
    await sleep(20);
  }
  throw new Error(`${url} never answered`);
}

async function json(url, init) {
  const response = await fetch(url, {
    ...init,
    headers: { "content-type": "application/json", ...init?.headers },
  });
  const body = await response.json();
  if (!response.ok) throw new Error(`${url}: ${JSON.stringify(body)}`);
  return body;
}

async function startNimbus(dataDir) {
  const port = await freePort();
  const origin = `http://127.0.0.1:${port}`;
  const child = spawn(process.execPath, [SERVER], {
    cwd: ROOT,
    env: {
      ...process.env,
      PORT: String(port),
      HOST: "127.0.0.1",
      DATA_DIR: dataDir,
      PUBLIC_URL: origin,
      NODE_ENV: "test",
      LOG_LEVEL: "warn",
      FREE_STORAGE_BYTES: String((RUNS + 2) * SIZE),
      OFFLINE_ALLOW_PRIVATE: "true",
      OFFLINE_DAILY_TASKS_FREE: "0",
    },
    stdio: ["ignore", "inherit", "inherit"],
  });
  children.push(child);
  await waitFor(`${origin}/readyz`);
  return origin;
}

/** One offline task, from create to COMPLETE; bytes per second over that time. */
async function viaTask(origin, auth, url) {
  const started = performance.now();
  const { task } = await json(`${origin}/drive/v1/files`, {
    method: "POST",
    headers: auth,
    body: JSON.stringify({ kind: "drive#file", upload_type: "UPLOAD_TYPE_URL", url: { url } }),
  });
  let fetched;
  for (;;) {
    const got = await json(`${origin}/drive/v1/tasks/${task.id}`, { headers: auth });
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
makeFile(path.join(www, "big.bin"));
chmodSync(path.join(www, "big.bin"), 0o644);
const nginx = await startNginx({ work, root: www });
children.push(nginx.child);
const fileUrl = `${nginx.url}/big.bin`;
const dataDir = path.join(work, "data");
const origin = await startNimbus(dataDir);
const tokens = await signUpWithMailedCode(
  origin,
  dataDir,
  `bench-${Date.now()}@example.com`,
  "bench password 123",
);
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
