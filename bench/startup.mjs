// Start-to-ready time and idle memory of the built server, next to a bare Node
// HTTP server started the same way in the same run (the reference).
//   node bench/startup.mjs            measure and write bench/results.md
//   node bench/startup.mjs --smoke    one start, readiness and clean SIGTERM exit (CI)
import { spawn } from "node:child_process";
import { existsSync, mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { SERVER_ENTRY as SERVER } from "../scripts/build-freshness.mjs";
import { freePort, loadAverage, machine, median, ROOT, rssMiB, sleep, writeSection } from "./lib.mjs";

const UNBUNDLED = path.join(ROOT, "apps/server/dist/main.js");
const REFERENCE = `require("node:http").createServer((q, s) => s.end("ok")).listen(process.env.PORT, "127.0.0.1")`;
const RUNS = Number(process.env.BENCH_RUNS ?? 5);
// Issue #17: ready within 1 s of the process starting, idle RSS ≤ 100 MiB (medians of 5 starts).
const TARGET = { readyMs: 1000, idleRssMiB: 100 };

/** CPU time (user + system) the process has used so far: start-up's cost, whatever the machine's load. */
function cpuMs(pid) {
  const fields = readFileSync(`/proc/${pid}/stat`, "utf8").split(") ")[1]?.split(" ") ?? [];
  return ((Number(fields[11]) + Number(fields[12])) * 1000) / 100;
}

async function waitReady(port, child, started) {
  for (;;) {
    if (child.exitCode !== null) throw new Error(`exited with ${child.exitCode} before becoming ready`);
    try {
      const response = await fetch(`http://127.0.0.1:${port}/readyz`);
      if (response.status === 200) return performance.now() - started;
    } catch {}
    await sleep(5);
  }
}

/** V8's memory reducer shrinks the heap once a process has been idle for about half a minute. */
const SETTLE_MS = 35_000;

/**
 * One start: time to a 200 from /readyz, RSS 2 s later, RSS once settled (when
 * `settle`: after SETTLE_MS more of idling), and a clean SIGTERM exit.
 */
async function measure(args, dataDir, settle = false) {
  const port = await freePort();
  const started = performance.now();
  const child = spawn(process.execPath, args, {
    cwd: ROOT,
    env: { ...process.env, PORT: String(port), HOST: "127.0.0.1", DATA_DIR: dataDir, LOG_LEVEL: "warn" },
    stdio: ["ignore", "inherit", "inherit"],
  });
  try {
    const readyMs = await waitReady(port, child, started);
    const readyCpuMs = cpuMs(child.pid);
    await sleep(2000);
    const idleRssMiB = rssMiB(child.pid);
    let settledRssMiB;
    if (settle) {
      await sleep(SETTLE_MS);
      settledRssMiB = rssMiB(child.pid);
    }
    const exited = new Promise((resolve) => child.once("exit", (code) => resolve(code)));
    child.kill("SIGTERM");
    const exitCode = await exited;
    return { readyMs, readyCpuMs, idleRssMiB, settledRssMiB, exitCode };
  } finally {
    if (child.exitCode === null) child.kill("SIGKILL");
  }
}

async function series(label, args, fresh) {
  const samples = [];
  const dir = mkdtempSync(path.join(tmpdir(), "nimbus-bench-"));
  for (let i = 0; i < RUNS; i++) {
    const dataDir = fresh ? mkdtempSync(path.join(dir, "run-")) : dir;
    samples.push(await measure(args, dataDir, i === 0));
  }
  rmSync(dir, { recursive: true, force: true });
  return {
    label,
    readyMs: median(samples.map((s) => s.readyMs)),
    worstReadyMs: Math.max(...samples.map((s) => s.readyMs)),
    readyCpuMs: median(samples.map((s) => s.readyCpuMs)),
    idleRssMiB: median(samples.map((s) => s.idleRssMiB)),
    settledRssMiB: samples[0].settledRssMiB,
    exitCodes: [...new Set(samples.map((s) => s.exitCode))].join(","),
  };
}

if (!existsSync(SERVER)) {
  console.error("No build: run `npm run build` first.");
  process.exit(1);
}

if (process.argv.includes("--smoke")) {
  const dir = mkdtempSync(path.join(tmpdir(), "nimbus-smoke-"));
  const result = await measure([SERVER], dir);
  rmSync(dir, { recursive: true, force: true });
  console.log(
    `smoke: ready in ${result.readyMs.toFixed(0)} ms, idle RSS ${result.idleRssMiB.toFixed(1)} MiB, SIGTERM exit ${result.exitCode}`,
  );
  process.exit(result.exitCode === 0 ? 0 : 1);
}

const rows = [
  await series("Nimbus, fresh DATA_DIR (migrations, new secret)", [SERVER], true),
  await series("Nimbus, existing DATA_DIR", [SERVER], false),
  await series("reference: bare node:http server", ["-e", REFERENCE], false),
  // The same code unbundled (tsc output, every module a file): what the bundle saves (decision 0053).
  await series("Nimbus from apps/server/dist, not bundled, existing DATA_DIR", [UNBUNDLED], false),
];
const nimbus = rows.slice(0, 2);
const pass = nimbus.every((r) => r.readyMs <= TARGET.readyMs && r.settledRssMiB <= TARGET.idleRssMiB);
const load = loadAverage();
const table = rows
  .map(
    (r) =>
      `| ${r.label} | ${r.readyMs.toFixed(0)} | ${r.worstReadyMs.toFixed(0)} | ${r.readyCpuMs.toFixed(0)} | ${r.idleRssMiB.toFixed(1)} | ${r.settledRssMiB.toFixed(1)} | ${r.exitCodes} |`,
  )
  .join("\n");
writeSection(
  "startup",
  `## Start-up and idle memory

Command: \`npm run build && node bench/startup.mjs\` (${RUNS} starts per row; SQLite + local blobs).
Machine: ${machine()}; load average at the end of the run ${load} (1 / 5 / 15 min): the wall times rise with the load of the machine, the CPU time to ready much less.
Targets: median ready (first 200 from \`/readyz\`, measured from spawn) ≤ ${TARGET.readyMs} ms; idle RSS ≤ ${TARGET.idleRssMiB} MiB, read once the process has idled ${SETTLE_MS / 1000} s (V8 keeps start-up garbage until its memory reducer runs, about 30 s in). **${pass ? "Met" : "NOT met"}.**

| server | median ms to ready | worst ms | CPU ms to ready (median) | RSS MiB 2 s after ready (median) | idle RSS MiB after ${SETTLE_MS / 1000} s more (first start) | SIGTERM exit code |
|---|---:|---:|---:|---:|---:|---|
${table}`,
);
console.log(table);
process.exit(pass ? 0 : 1);
