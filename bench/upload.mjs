// Upload throughput with one client for every server, curl: a 1 GiB tus `PATCH`
// into the built Nimbus server, next to nginx WebDAV `PUT`s of the same file (plain,
// and followed by an fsync of the file: the durable reference) in the same run, over
// loopback, to the same disk. The Nimbus time runs from `POST /drive/v1/files` to
// the PATCH's answer, so it includes turning the bytes into a stored, committed file.
//   npm run build && node bench/upload.mjs        measure and write bench/results.md
//   BENCH_UPLOAD_MIB=64 node bench/upload.mjs --smoke   a quick check, nothing written
import { spawnSync } from "node:child_process";
import { randomBytes } from "node:crypto";
import { closeSync, mkdirSync, mkdtempSync, openSync, rmSync, writeSync } from "node:fs";
import { open } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { SERVER_ENTRY as SERVER } from "../scripts/build-freshness.mjs";
import { buildIfStale, startBuiltServer } from "../scripts/built-server.mjs";
import { signUpWithMailedCode } from "../scripts/mail-signup.mjs";
import {
  cpuSeconds,
  loadAverage,
  machine,
  median,
  ROOT,
  samePageCache,
  startNodeReference,
  writeSection,
} from "./lib.mjs";
import { startNginx } from "./nginx.mjs";

const SIZE = Number(process.env.BENCH_UPLOAD_MIB ?? 1024) * 1024 * 1024;
const RUNS = Number(process.env.BENCH_RUNS ?? 3);
/** Targets (issue #17): ≥ 0.8 × nginx PUT + fsync (the durable reference), ≥ 0.6 × plain nginx PUT. */
const TARGET_DURABLE = 0.8;
const TARGET_PLAIN = 0.6;
const SMOKE = process.argv.includes("--smoke");

/**
 * A file of `size` random-looking bytes (1 MiB of random data, each copy made unique).
 * Every round gets new content: a second upload of bytes the server already stores is
 * a different path (the local store compares them byte for byte before it dedups,
 * decision 0009), measured once on its own at the end.
 */
function makeFile(dir, size, round) {
  const file = path.join(dir, `payload-${round}.bin`);
  const block = randomBytes(1024 * 1024);
  const fd = openSync(file, "w");
  for (let written = 0, n = 0; written < size; n++) {
    block.writeUInt32LE(n, 0);
    const length = Math.min(block.length, size - written);
    writeSync(fd, block, 0, length);
    written += length;
  }
  closeSync(fd);
  return file;
}

/** One curl upload of `file` (`-T` streams it; no `Expect: 100-continue` round trip); checks the status. */
function curlUpload(url, file, { method = "PUT", headers = {} } = {}) {
  const args = ["-sS", "-o", "/dev/null", "-w", "%{http_code}", "-T", file, "-X", method, "-H", "Expect:"];
  for (const [name, value] of Object.entries(headers)) args.push("-H", `${name}: ${value}`);
  args.push(url);
  const result = spawnSync("curl", args, { encoding: "utf8" });
  const status = Number(result.stdout);
  if (result.status !== 0 || status < 200 || status >= 300) {
    throw new Error(`curl ${method} ${url}: exit ${result.status}, HTTP ${result.stdout} ${result.stderr}`);
  }
}

/** Times the PUT, then (separately) an fsync of the file nginx wrote: what durability would add. */
async function nginxRun(nginx, file, n) {
  const started = performance.now();
  curlUpload(`${nginx.url}/run-${n}.bin`, file);
  const put = performance.now() - started;
  const handle = await open(path.join(nginx.root, `run-${n}.bin`), "r");
  await handle.sync();
  await handle.close();
  return { put, fsync: performance.now() - started - put };
}

async function api(base, route, token, body) {
  const response = await fetch(`${base}${route}`, {
    method: "POST",
    headers: { "content-type": "application/json", ...(token && { authorization: `Bearer ${token}` }) },
    body: JSON.stringify(body),
  });
  const json = await response.json();
  if (!response.ok) throw new Error(`${route}: ${JSON.stringify(json)}`);
  return json;
}

async function nimbusRun(nimbus, token, file, n) {
  const started = performance.now();
  const { resumable } = await api(nimbus.url, "/drive/v1/files", token, {
    kind: "drive#file",
    name: `run-${n}.bin`,
    size: String(SIZE),
    upload_type: "UPLOAD_TYPE_RESUMABLE",
  });
  const uploadUrl = `${nimbus.url}${new URL(resumable.params.url).pathname}`;
  curlUpload(uploadUrl, file, {
    method: "PATCH",
    headers: {
      authorization: `Bearer ${token}`,
      "tus-resumable": "1.0.0",
      "upload-offset": "0",
      "content-type": "application/offset+octet-stream",
    },
  });
  return performance.now() - started;
}

if (!process.env.BENCH_NO_BUILD) buildIfStale();
const dir = mkdtempSync(path.join(tmpdir(), "nimbus-bench-upload-"));
let nimbus;
let nginx;
let plain;
try {
  nginx = await startNginx({ work: path.join(dir, "nginx"), root: path.join(dir, "nginx", "dav") });
  nginx.pid = nginx.workerPid();
  mkdirSync(path.join(dir, "plain"));
  plain = await startNodeReference("put", { DIR: path.join(dir, "plain") });
  nimbus = await startBuiltServer({ env: { FREE_STORAGE_BYTES: String(SIZE * (RUNS + 2)) } });
  const { access_token: token } = await signUpWithMailedCode(
    nimbus.url,
    nimbus.dataDir,
    "bench@example.com",
    "bench-password",
  );
  const samples = { nimbus: [], nginx: [], nginxFsync: [], plain: [] };
  const cpu = { nimbus: [], nginx: [], plain: [] };
  let dropsCaches = false;
  const loadAtStart = loadAverage();
  let file;
  for (let n = 0; n < (SMOKE ? 1 : RUNS); n++) {
    if (file) rmSync(file);
    file = makeFile(dir, SIZE, n);
    // Alternate which goes first so page-cache and disk write-back favour neither.
    const order = n % 2 === 0 ? ["nginx", "nimbus", "plain"] : ["plain", "nimbus", "nginx"];
    for (const who of order) {
      if (!SMOKE) dropsCaches = samePageCache(file);
      const pid = { nginx: nginx.pid, nimbus: nimbus.pid, plain: plain.pid }[who];
      const cpuBefore = cpuSeconds(pid);
      let ms;
      if (who === "nginx") {
        const { put, fsync } = await nginxRun(nginx, file, n);
        ms = put;
        samples.nginxFsync.push(put + fsync);
      } else if (who === "plain") {
        const started = performance.now();
        curlUpload(plain.url, file);
        ms = performance.now() - started;
      } else {
        ms = await nimbusRun(nimbus, token, file, n);
      }
      samples[who].push(ms);
      cpu[who].push(cpuSeconds(pid) - cpuBefore);
      console.log(
        `${who} run ${n + 1}: ${(SIZE / 1024 ** 2 / (ms / 1000)).toFixed(0)} MiB/s (${ms.toFixed(0)} ms, server CPU ${cpu[who].at(-1).toFixed(2)} s)`,
      );
    }
  }
  // The last round's bytes once more: the server already stores them, so it compares before it dedups.
  if (!SMOKE) samePageCache(file);
  const againMs = await nimbusRun(nimbus, token, file, "again");
  console.log(`nimbus re-upload of stored bytes: ${againMs.toFixed(0)} ms`);
  const loadAtEnd = loadAverage();
  const mibps = (ms) => SIZE / 1024 ** 2 / (ms / 1000);
  const nimbusMs = median(samples.nimbus);
  const nginxMs = median(samples.nginx);
  const ratio = mibps(nimbusMs) / mibps(nginxMs);
  const nginxFsyncMs = median(samples.nginxFsync);
  const durableRatio = mibps(nimbusMs) / mibps(nginxFsyncMs);
  const pass = ratio >= TARGET_PLAIN && durableRatio >= TARGET_DURABLE;
  console.log(
    `vs nginx PUT ${ratio.toFixed(2)} (target ≥ ${TARGET_PLAIN}); vs nginx PUT + fsync ${durableRatio.toFixed(2)} (target ≥ ${TARGET_DURABLE})`,
  );
  if (!SMOKE) {
    writeSection(
      "upload",
      `## Upload throughput

Command: \`npm run build && node bench/upload.mjs\` (${RUNS} runs of each, alternating; ${SIZE / 1024 ** 3} GiB file; SQLite + local blobs; every server on loopback, same disk).
Machine: ${machine()}.
Client for every server: curl (\`-T file\`, no \`Expect\`). Nimbus: one tus \`PATCH\` to \`node ${path.relative(ROOT, SERVER)}\`, timed from \`POST /drive/v1/files\` to the PATCH's 204 (bytes on disk with \`fdatasync\`, GCID computed behind the writes, file adopted under its GCID, committed; no SHA-256 on this path, decision 0009).
References: ${spawnSync("nginx", ["-v"], { encoding: "utf8" }).stderr.trim().replace("nginx version: ", "")} WebDAV \`PUT\` of the same file, and the same \`PUT\` followed by an \`fsync\` of the file it wrote (the durable reference).
Load average (1, 5, 15 min) at start ${loadAtStart}, at end ${loadAtEnd} (the machine's 2 cores are shared with other work). Before each run: \`sync\`, ${dropsCaches ? "the page cache dropped" : "the page cache could not be dropped (not root)"}, the fixture read back in (\`samePageCache\`). Server CPU: user + system time of the server process (all threads; nginx: its worker) during a run.
Targets: ≥ ${TARGET_DURABLE} × nginx PUT + fsync, ≥ ${TARGET_PLAIN} × nginx PUT. **${pass ? "Met" : "NOT met"}**: ${durableRatio.toFixed(2)} × the durable reference, ${ratio.toFixed(2)} × plain nginx PUT; ${(mibps(nimbusMs) / mibps(median(samples.plain))).toFixed(2)} × plain Node writing as durably (\`bench/node-reference.mjs put\`).

| server | median MiB/s | median s | runs (s) | median server CPU s |
|---|---:|---:|---|---:|
| Nimbus tus | ${mibps(nimbusMs).toFixed(0)} | ${(nimbusMs / 1000).toFixed(2)} | ${samples.nimbus.map((ms) => (ms / 1000).toFixed(2)).join(", ")} | ${median(cpu.nimbus).toFixed(2)} |
| nginx WebDAV PUT | ${mibps(nginxMs).toFixed(0)} | ${(nginxMs / 1000).toFixed(2)} | ${samples.nginx.map((ms) => (ms / 1000).toFixed(2)).join(", ")} | ${median(cpu.nginx).toFixed(2)} |
| nginx WebDAV PUT + fsync | ${mibps(nginxFsyncMs).toFixed(0)} | ${(nginxFsyncMs / 1000).toFixed(2)} | ${samples.nginxFsync.map((ms) => (ms / 1000).toFixed(2)).join(", ")} | |
| plain Node PUT + fdatasync, no hashing (\`bench/node-reference.mjs put\`) | ${mibps(median(samples.plain)).toFixed(0)} | ${(median(samples.plain) / 1000).toFixed(2)} | ${samples.plain.map((ms) => (ms / 1000).toFixed(2)).join(", ")} | ${median(cpu.plain).toFixed(2)} |

Nimbus, unlike nginx, answers the last PATCH only once the bytes are on disk and their GCID (SHA-1
over every byte, in a worker thread) is known. Each round uploads new bytes (a fresh file for all
three servers). Uploading the last round's bytes once more, which Nimbus already stores and so compares
byte for byte with the stored blob before it dedups (decision 0009), took ${(againMs / 1000).toFixed(2)} s
(${mibps(againMs).toFixed(0)} MiB/s); that path is not part of the targets.`,
    );
  }
  process.exitCode = pass || SMOKE ? 0 : 1;
} finally {
  await nimbus?.stop();
  await nginx?.stop();
  await plain?.stop();
  rmSync(dir, { recursive: true, force: true });
}
