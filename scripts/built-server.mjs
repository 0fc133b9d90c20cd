import { spawn, spawnSync } from "node:child_process";
import { existsSync, mkdtempSync, rmSync } from "node:fs";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";
import { buildIsStale, ROOT, SERVER_ENTRY as SERVER } from "./build-freshness.mjs";

// The production server as the browser journeys and the web bench use it: built
// when stale, started on a free loopback port with a temporary DATA_DIR, ready
// once /readyz answers 200, stopped with SIGTERM and its DATA_DIR removed.

/** Runs `npm run build` when the build is missing or older than its sources. */
export function buildIfStale() {
  if (!buildIsStale() && existsSync(SERVER)) return false;
  process.stderr.write("nimbus: building (the build is missing or older than the sources)…\n");
  const npm = process.platform === "win32" ? "npm.cmd" : "npm";
  const result = spawnSync(npm, ["run", "build"], { cwd: ROOT, stdio: "inherit" });
  if (result.status !== 0) throw new Error(`npm run build failed with ${result.status}`);
  return true;
}

/** A free TCP port on 127.0.0.1. */
export function freeLoopbackPort() {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once("error", reject);
    probe.listen(0, "127.0.0.1", () => {
      const { port } = probe.address();
      probe.close(() => resolve(port));
    });
  });
}

async function waitReady(url, child, timeoutMs) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`server exited with ${child.exitCode} before /readyz`);
    try {
      const response = await fetch(`${url}/readyz`);
      if (response.status === 200) return;
    } catch {}
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error(`server not ready within ${timeoutMs} ms`);
}

/**
 * Starts `node apps/server/bundle/main.js`; resolves to `{ url, pid, child, dataDir, stop }`.
 * `env` adds or overrides variables (LOG_LEVEL defaults to warn). `dataDir`: the
 * caller's DATA_DIR, which `stop()` keeps (so a bench can stop, seed the database
 * and start again on it); without one a temporary directory is made and removed.
 * `stop()` may be called more than once. `port`: listen there instead of on a free port
 * (when something must know the address before the server starts). `BENCH_NODE_ARGS`
 * (e.g. `--cpu-prof --cpu-prof-dir=/tmp/prof`) goes to node before the script, to profile a bench's server.
 * `root`: another checkout whose build to start (a bench's baseline, side by side with this one).
 * @param {{ dataDir?: string, env?: Record<string, string>, readyTimeoutMs?: number, port?: number, root?: string }} [options]
 */
export async function startBuiltServer({
  dataDir: given,
  env = {},
  readyTimeoutMs = 30_000,
  port: chosen,
  root = ROOT,
} = {}) {
  const port = chosen ?? (await freeLoopbackPort());
  const dataDir = given ?? mkdtempSync(path.join(tmpdir(), "nimbus-built-"));
  const url = `http://127.0.0.1:${port}`;
  const nodeArgs = process.env.BENCH_NODE_ARGS?.split(" ").filter(Boolean) ?? [];
  const server = path.join(root, path.relative(ROOT, SERVER));
  if (!existsSync(server)) throw new Error(`no built server at ${server}: run npm run build in ${root}`);
  const child = spawn(process.execPath, [...nodeArgs, server], {
    cwd: root,
    env: {
      ...process.env,
      NODE_ENV: "production",
      LOG_LEVEL: "warn",
      ...env,
      PORT: String(port),
      HOST: "127.0.0.1",
      DATA_DIR: dataDir,
    },
    stdio: ["ignore", "inherit", "inherit"],
  });
  const exited = new Promise((resolve) => child.once("exit", (code) => resolve(code)));
  async function stop() {
    if (child.exitCode === null && child.signalCode === null) {
      child.kill("SIGTERM");
      const timer = setTimeout(() => child.kill("SIGKILL"), 5000);
      await exited;
      clearTimeout(timer);
    }
    if (!given) rmSync(dataDir, { recursive: true, force: true });
  }
  try {
    await waitReady(url, child, readyTimeoutMs);
  } catch (error) {
    await stop();
    throw error;
  }
  return { url, pid: child.pid, child, dataDir, stop };
}
