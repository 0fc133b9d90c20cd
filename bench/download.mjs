// Download throughput of the built server next to nginx (`sendfile on`) serving
// the same 1 GiB of bytes in the same run, and the server's RSS growth while 20
// clients each download that 1 GiB at once. Also a second server on the same data
// with DOWNLOAD_OFFLOAD=x-accel behind that nginx (the `internal` location taken from
// deploy/nginx/nimbus.conf): Nimbus checks and charges, nginx sends the bytes. The file is seeded through the API
// (sign-up, POST /drive/v1/files, tus PATCH); curl is the client for both.
//   node bench/download.mjs          measure and write bench/results.md
// Needs `npm run build`, nginx (`apt-get install nginx`) and curl.
import { spawn } from "node:child_process";
import { createReadStream, mkdirSync, statSync } from "node:fs";
import { request } from "node:http";
import os from "node:os";
import path from "node:path";
import { SERVER_ENTRY as SERVER } from "../scripts/build-freshness.mjs";
import {
  benchWorkDir,
  cpuSeconds,
  fetchJson,
  freePort,
  machine,
  median,
  requireFiles,
  rssMiB,
  signUp,
  sleep,
  startBuiltServer,
  startNodeReference,
  writeRandomFile,
  writeSection,
} from "./lib.mjs";
import { NGINX, offloadLocations, startNginx } from "./nginx.mjs";

const SIZE = Number(process.env.BENCH_DOWNLOAD_BYTES ?? 1024 ** 3);
const RUNS = Number(process.env.BENCH_RUNS ?? 5);
const CLIENTS = 20;
const TARGET = { ratio: 0.95, rssGrowthMiB: 100, plainRatio: 0.8, offloadCpu: 0.05 };

requireFiles([
  ["the build (npm run build)", SERVER],
  ["nginx (apt-get install nginx)", NGINX],
]);

const { work, children } = benchWorkDir("nimbus-bench-download-");

/** Streams the file into a tus upload URL with one PATCH. */
function tusPatch(url, token, file) {
  return new Promise((resolve, reject) => {
    const req = request(url, {
      method: "PATCH",
      headers: {
        authorization: `Bearer ${token}`,
        "tus-resumable": "1.0.0",
        "upload-offset": "0",
        "content-type": "application/offset+octet-stream",
        "content-length": String(SIZE),
      },
    });
    req.on("response", (res) => {
      res.resume();
      res.on("end", () =>
        res.statusCode === 204 ? resolve() : reject(new Error(`tus PATCH ${res.statusCode}`)),
      );
    });
    req.on("error", reject);
    createReadStream(file, { highWaterMark: 1024 * 1024 }).pipe(req);
  });
}

async function startNimbus(dataDir, env = {}) {
  const port = await freePort();
  const origin = `http://127.0.0.1:${port}`;
  const { child } = await startBuiltServer({
    dataDir,
    port,
    env: {
      PUBLIC_URL: origin,
      NODE_ENV: "test", // API only: the web bundle is not part of this measurement
      FREE_STORAGE_BYTES: String(4 * SIZE),
      FREE_DOWNLOAD_TRAFFIC_BYTES: String(1024 * SIZE),
      ...env,
    },
  });
  children.push(child);
  return { child, origin };
}

async function seed(origin, file) {
  const email = `bench-${Date.now()}@example.com`;
  const tokens = await signUp(origin, path.join(work, "data"), email, "bench password 123");
  const auth = { authorization: `Bearer ${tokens.access_token}` };
  const created = await fetchJson(`${origin}/drive/v1/files`, {
    method: "POST",
    headers: auth,
    body: JSON.stringify({
      kind: "drive#file",
      name: "big.bin",
      size: String(SIZE),
      upload_type: "UPLOAD_TYPE_RESUMABLE",
    }),
  });
  await tusPatch(created.resumable.params.url, tokens.access_token, file);
  const got = await fetchJson(`${origin}/drive/v1/files/${created.file.id}`, { headers: auth });
  if (got.phase !== "PHASE_TYPE_COMPLETE") throw new Error(`seeded file is ${got.phase}`);
  return got.web_content_link;
}

/** One curl download to /dev/null; bytes per second as curl measured them. */
function curl(url) {
  return new Promise((resolve, reject) => {
    const child = spawn("curl", ["-sS", "-o", "/dev/null", "-w", "%{size_download} %{speed_download}", url]);
    let out = "";
    child.stdout.on("data", (d) => {
      out += d;
    });
    child.on("error", reject);
    child.on("exit", (code) => {
      const [size, speed] = out.trim().split(" ").map(Number);
      if (code !== 0 || size !== SIZE) reject(new Error(`curl exit ${code}, ${size} bytes of ${SIZE}`));
      else resolve(speed);
    });
  });
}

const loadAtStart = os.loadavg()[0];
const gib = (bytesPerSecond) => (bytesPerSecond / 1024 ** 3).toFixed(2);

console.log(`making ${SIZE} bytes of random data…`);
const www = path.join(work, "www");
mkdirSync(www);
const file = path.join(www, "big.bin");
writeRandomFile(file, SIZE);

const nimbus = await startNimbus(path.join(work, "data"));
const link = await seed(nimbus.origin, file);
// The same DATA_DIR (database, blobs, secret key): the same link is good on both.
const offloader = await startNimbus(path.join(work, "data"), { DOWNLOAD_OFFLOAD: "x-accel" });
const nginx = await startNginx({
  work,
  root: www,
  extra: offloadLocations(path.join(work, "data", "blobs"), offloader.origin, "/drive/"),
});
children.push(nginx.child);
const offloadUrl = `${nginx.url}${new URL(link).pathname}${new URL(link).search}`;
nginx.url = `${nginx.url}/big.bin`;
const plain = await startNodeReference("get", { FILE: file });
children.push(plain.child);
if (statSync(file).size !== SIZE) throw new Error("fixture size changed");

// Warm all three (page cache, JIT), then alternate runs so drift hits them alike.
await curl(link);
await curl(nginx.url);
await curl(plain.url);
await curl(offloadUrl);
const nimbusSpeeds = [];
const nginxSpeeds = [];
const plainSpeeds = [];
const offloadSpeeds = [];
const cpuPerGiB = { nimbus: [], nginx: [], plain: [], offload: [], offloadNginx: [] };
const nginxWorker = nginx.workerPid();
const perGiB = (seconds) => seconds / (SIZE / 1024 ** 3);
/** One timed download, with the CPU seconds its server spent per GiB. */
async function timed(url, pid, speeds, cpu) {
  const before = cpuSeconds(pid);
  speeds.push(await curl(url));
  cpu.push(perGiB(cpuSeconds(pid) - before));
}
for (let i = 0; i < RUNS; i++) {
  await timed(link, nimbus.child.pid, nimbusSpeeds, cpuPerGiB.nimbus);
  await timed(nginx.url, nginxWorker, nginxSpeeds, cpuPerGiB.nginx);
  await timed(plain.url, plain.child.pid, plainSpeeds, cpuPerGiB.plain);
  const nginxBefore = cpuSeconds(nginxWorker);
  await timed(offloadUrl, offloader.child.pid, offloadSpeeds, cpuPerGiB.offload);
  cpuPerGiB.offloadNginx.push(perGiB(cpuSeconds(nginxWorker) - nginxBefore));
}
const offloadSpeed = median(offloadSpeeds);
const offloadRatio = offloadSpeed / median(nginxSpeeds);
const offloadCpu = median(cpuPerGiB.offload);
const offloadNginxCpu = median(cpuPerGiB.offloadNginx);
console.log(
  `offloaded: ${gib(offloadSpeed)} GiB/s through nginx, ratio ${offloadRatio.toFixed(2)}; Nimbus CPU per GiB ${offloadCpu.toFixed(3)} s, nginx ${offloadNginxCpu.toFixed(2)} s`,
);
const plainSpeed = median(plainSpeeds);
const plainCpu = median(cpuPerGiB.plain);
const nimbusSpeed = median(nimbusSpeeds);
const nginxSpeed = median(nginxSpeeds);
const ratio = nimbusSpeed / nginxSpeed;
const nimbusCpu = median(cpuPerGiB.nimbus);
const nginxCpu = median(cpuPerGiB.nginx);
console.log(
  `single download: Nimbus ${gib(nimbusSpeed)} GiB/s, nginx ${gib(nginxSpeed)} GiB/s, ratio ${ratio.toFixed(2)}; server CPU per GiB ${nimbusCpu.toFixed(2)} s vs ${nginxCpu.toFixed(2)} s`,
);

// Memory while 20 clients each pull the whole file at once.
await sleep(1000);
const baseline = rssMiB(nimbus.child.pid);
let peak = baseline;
const sampler = setInterval(() => {
  peak = Math.max(peak, rssMiB(nimbus.child.pid));
}, 50);
const started = performance.now();
await Promise.all(Array.from({ length: CLIENTS }, () => curl(link)));
const seconds = (performance.now() - started) / 1000;
clearInterval(sampler);
const growth = peak - baseline;
const aggregate = (CLIENTS * SIZE) / seconds;
console.log(
  `${CLIENTS} concurrent: RSS ${baseline.toFixed(0)} → peak ${peak.toFixed(0)} MiB (+${growth.toFixed(1)}), ${gib(aggregate)} GiB/s total`,
);

const pass = (ok) => (ok ? "✅" : "❌");
writeSection(
  "download",
  `## Download: Nimbus vs nginx sendfile, and memory under 20 concurrent downloads

\`flock /tmp/nimbus-build.lock node bench/download.mjs\` (after \`npm run build\`) — ${machine()}

A ${(SIZE / 1024 ** 3).toFixed(2)} GiB file of random bytes, seeded through the API (tus), downloaded with curl to /dev/null
through a signed link of the built server (local blob store, SQLite) and from nginx 1 worker with \`sendfile on\`
serving the same bytes; ${RUNS} alternating runs each after one warm-up, medians. Client, server and nginx share
the machine's ${os.cpus().length} cores (1-minute load average when the run started: ${loadAtStart.toFixed(1)}), so the
ratio is only meaningful on an otherwise idle machine.

| measure | Nimbus | nginx | ratio | target | plain Node (\`bench/node-reference.mjs get\`) |
|---|---|---|---|---|---|
| single-download throughput | ${gib(nimbusSpeed)} GiB/s | ${gib(nginxSpeed)} GiB/s | ${ratio.toFixed(2)} | ≥ ${TARGET.plainRatio} ${pass(ratio >= TARGET.plainRatio)} | ${gib(plainSpeed)} GiB/s (ratio to nginx ${(plainSpeed / nginxSpeed).toFixed(2)}) |
| runs (GiB/s) | ${nimbusSpeeds.map(gib).join(", ")} | ${nginxSpeeds.map(gib).join(", ")} | | | ${plainSpeeds.map(gib).join(", ")} |
| server CPU per GiB (user + system, all threads) | ${nimbusCpu.toFixed(2)} s | ${nginxCpu.toFixed(2)} s | | | ${plainCpu.toFixed(2)} s |

Without offload the target is ≥ ${TARGET.plainRatio} of nginx: ${ratio.toFixed(2)} ${pass(ratio >= TARGET.plainRatio)}.

**Offloaded** (\`DOWNLOAD_OFFLOAD=x-accel\`): a second server on the same data behind the same nginx,
whose \`internal\` location is the one in \`deploy/nginx/nimbus.conf\`; the same signed link through nginx
(Nimbus checks the link, the holder and the traffic, then \`X-Accel-Redirect\`), against nginx serving
the file directly, alternating in the same runs.

| measure | Nimbus offloaded (through nginx) | nginx direct | ratio | target |
|---|---|---|---|---|
| single-download throughput | ${gib(offloadSpeed)} GiB/s | ${gib(nginxSpeed)} GiB/s | ${offloadRatio.toFixed(2)} | ≥ ${TARGET.ratio} ${pass(offloadRatio >= TARGET.ratio)} |
| runs (GiB/s) | ${offloadSpeeds.map(gib).join(", ")} | ${nginxSpeeds.map(gib).join(", ")} | | |
| Nimbus CPU per GiB | ${offloadCpu.toFixed(3)} s | | | ≤ ${TARGET.offloadCpu} s ${pass(offloadCpu <= TARGET.offloadCpu)} |
| nginx worker CPU per GiB | ${offloadNginxCpu.toFixed(2)} s | ${nginxCpu.toFixed(2)} s | | |

Plain Node is \`createReadStream(file, 1 MiB reads).pipe(res)\` and nothing else: Node's stock file
stream. Nimbus reads into two reused 2 MiB buffers instead and writes each with a socket-write callback
(\`blobs/file-read-stream.ts\`, decision 0087): a fresh buffer per read costs page faults on this kind of
machine, more than the copy itself. What remains of the gap to nginx is \`sendfile\` (the kernel sends
page-cache pages; Node copies every byte into user space and back). Throughput on loopback is bounded
by whichever of server and curl runs out of CPU first, so the ratio moves from machine to machine;
the CPU row is the steadier comparison.

How the Node path was cut (issue #34, decision 0087): a standalone server on the same machine (1 GiB,
curl, 3 runs each, load under 1) gave, for \`createReadStream().pipe(res)\` with 1 MiB reads, 1.6–1.8 GiB/s
at 0.57–0.83 s of CPU per GiB; for 2 MiB reads into two reused buffers, 2.7–2.9 GiB/s at 0.40–0.42 s;
with 1 MiB reused buffers 2.2–2.4 GiB/s, 0.49–0.56 s; 64 KiB reads (Node's default) 0.8–1.0 GiB/s,
1.0–1.2 s. An earlier probe on a machine at load 8–15 saw no gain from reuse; on a quiet one it is
the largest single cut. Everything of Nimbus's own (link, checks, traffic) stays under 1 % of the
samples of a \`--cpu-prof\`. \`DOWNLOAD_OFFLOAD=x-accel\` removes the copies altogether.

| ${CLIENTS} clients × ${(SIZE / 1024 ** 3).toFixed(2)} GiB at once | value | target |
|---|---|---|
| RSS before → peak | ${baseline.toFixed(0)} → ${peak.toFixed(0)} MiB | |
| RSS growth | ${growth.toFixed(1)} MiB | ≤ ${TARGET.rssGrowthMiB} MiB ${pass(growth <= TARGET.rssGrowthMiB)} |
| aggregate throughput | ${gib(aggregate)} GiB/s | |
`,
);
for (const child of children) child.kill("SIGTERM");
await sleep(500);
process.exit(0);
