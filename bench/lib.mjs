import { execSync, spawn, spawnSync } from "node:child_process";
import { randomBytes } from "node:crypto";
import {
  chmodSync,
  closeSync,
  existsSync,
  mkdtempSync,
  openSync,
  readdirSync,
  readFileSync,
  rmSync,
  statSync,
  writeFileSync,
  writeSync,
} from "node:fs";
import os, { tmpdir } from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { freeLoopbackPort } from "../scripts/built-server.mjs";

export const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const RESULTS = path.join(ROOT, "bench/results.md");

/** Resident set size of a process in MiB, from /proc. */
export function rssMiB(pid) {
  const status = readFileSync(`/proc/${pid}/status`, "utf8");
  const kb = Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? Number.NaN);
  return kb / 1024;
}

export function median(values) {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2;
}

export function machine() {
  const cpu = os.cpus()[0]?.model ?? "unknown CPU";
  let commit = "unknown";
  try {
    commit = execSync("git rev-parse --short HEAD", { cwd: ROOT }).toString().trim();
  } catch {}
  return `${cpu}, ${os.cpus().length} cores, ${(os.totalmem() / 1024 ** 3).toFixed(0)} GiB RAM, ${os.type()} ${os.release()}, Node ${process.version}, commit ${commit}, ${new Date().toISOString().slice(0, 16)}Z`;
}

/** Replaces (or appends) one bench's section of bench/results.md, leaving the others. */
export function writeSection(name, markdown) {
  let text;
  try {
    text = readFileSync(RESULTS, "utf8");
  } catch {
    text =
      "# Benchmark results\n\nEvery section is written by a script in `bench/`; rerun it with the command it names.\n";
  }
  const begin = `<!-- bench:${name} -->`;
  const end = `<!-- /bench:${name} -->`;
  const block = `${begin}\n${markdown.trim()}\n${end}`;
  const start = text.indexOf(begin);
  const stop = text.indexOf(end);
  text =
    start >= 0 && stop > start
      ? text.slice(0, start) + block + text.slice(stop + end.length)
      : `${text.trimEnd()}\n\n${block}\n`;
  writeFileSync(RESULTS, text);
}

export { freeLoopbackPort as freePort, startBuiltServer } from "../scripts/built-server.mjs";
export { signUpWithMailedCode as signUp } from "../scripts/mail-signup.mjs";

export const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

/** Exits with a message naming what is missing when any `[what, file]` does not exist. */
export function requireFiles(pairs) {
  for (const [what, file] of pairs) {
    if (!existsSync(file)) {
      console.error(`Missing ${what}: ${file}`);
      process.exit(1);
    }
  }
}

/**
 * A temporary work folder readable by nginx's unprivileged workers, removed at exit
 * together with the child processes pushed onto `children` (SIGTERM, so nginx's
 * master stops its workers too).
 */
export function benchWorkDir(prefix) {
  const work = mkdtempSync(path.join(tmpdir(), prefix));
  chmodSync(work, 0o755);
  const children = [];
  process.on("exit", () => {
    for (const child of children) if (child.exitCode === null) child.kill("SIGTERM");
    rmSync(work, { recursive: true, force: true });
  });
  return { work, children };
}

/** Writes `size` random bytes to `file` in 16 MiB pieces. */
export function writeRandomFile(file, size) {
  const chunk = 16 * 1024 * 1024;
  const fd = openSync(file, "w");
  for (let written = 0; written < size; written += chunk)
    writeSync(fd, randomBytes(Math.min(chunk, size - written)));
  closeSync(fd);
}

/**
 * CPU seconds (user + system, every thread) `pid` has used so far; with `children`, its child
 * processes' too (nginx's master and its workers); with `mainThread`, its main thread's alone
 * (Node's event loop: JavaScript, without the thread pool, worker threads and V8's helpers).
 */
export function cpuSeconds(pid, { children = false, mainThread = false } = {}) {
  const own = (id, stat = `/proc/${id}/stat`) => {
    const fields = readFileSync(stat, "utf8").split(") ")[1].split(" ");
    return (Number(fields[11]) + Number(fields[12])) / 100;
  };
  if (mainThread) return own(pid, `/proc/${pid}/task/${pid}/stat`);
  if (!children) return own(pid);
  const kids = readdirSync(`/proc/${pid}/task`).flatMap((task) =>
    readFileSync(`/proc/${pid}/task/${task}/children`, "utf8").split(" ").filter(Boolean),
  );
  return own(pid) + kids.reduce((sum, kid) => sum + own(kid), 0);
}

/**
 * The plain-Node floor (`bench/node-reference.mjs <mode>`, `env` naming its FILE or DIR) on a
 * free loopback port, once it answers: `{ url, pid, child, stop() }`.
 */
export async function startNodeReference(mode, env) {
  const port = await freeLoopbackPort();
  const child = spawn(process.execPath, [path.join(ROOT, "bench/node-reference.mjs"), mode], {
    env: { ...process.env, ...env, PORT: String(port) },
    stdio: ["ignore", "inherit", "inherit"],
  });
  const url = `http://127.0.0.1:${port}`;
  await waitFor(url);
  return {
    url,
    pid: child.pid,
    child,
    async stop() {
      if (child.exitCode !== null) return;
      const exited = new Promise((resolve) => child.once("exit", resolve));
      child.kill("SIGTERM");
      await exited;
    },
  };
}

/** Resolves once `url` answers anything below 500 (about 10 s at most). */
export async function waitFor(url) {
  for (let i = 0; i < 500; i++) {
    try {
      if ((await fetch(url)).status < 500) return;
    } catch {}
    await sleep(20);
  }
  throw new Error(`${url} never answered`);
}

/** A JSON call (a body is sent as JSON) that throws with the answer's body unless it is 2xx. */
export async function fetchJson(url, init) {
  const response = await fetch(url, {
    ...init,
    headers: { ...(init?.body ? { "content-type": "application/json" } : {}), ...init?.headers },
  });
  const body = await response.json();
  if (!response.ok) throw new Error(`${url}: ${JSON.stringify(body)}`);
  return body;
}

/** An API call as `token`'s user; throws with the answer unless it is 2xx. */
export function apiCall(base, token, method, url, body) {
  return fetchJson(base + url, {
    method,
    headers: { authorization: `Bearer ${token}` },
    body: body ? JSON.stringify(body) : undefined,
  });
}

/** The headers the web app sends: a sign-in with them answers with its cookie session. */
export const WEB_CLIENT = { "x-client-id": "nimbus-web", "x-device-id": "bench000000000000000000000000000" };

/** Signs in as the web app does; its `Set-Cookie` lines (the session and the user id). */
export async function webSignIn(base, email, password) {
  const signin = await fetch(`${base}/v1/auth/signin`, {
    method: "POST",
    headers: { "content-type": "application/json", ...WEB_CLIENT },
    body: JSON.stringify({ username: email, password }),
  });
  if (!signin.ok) throw new Error(`sign-in: ${signin.status} ${await signin.text()}`);
  return signin.headers.getSetCookie();
}

/**
 * `Set-Cookie` lines as the cookies a browser keeps, with the server's attributes, in the
 * shape of CDP's `Storage.setCookies` (`url` and `path`; Playwright's `addCookies` takes
 * either, so drop one there).
 */
export function browserCookies(setCookies, base) {
  return setCookies.map((line) => {
    const [pair, ...attributes] = line.split(";").map((part) => part.trim());
    const at = pair.indexOf("=");
    const cookie = { name: pair.slice(0, at), value: pair.slice(at + 1), url: base, path: "/" };
    for (const attribute of attributes) {
      const [key, value = ""] = attribute.split("=");
      const name = key.toLowerCase();
      if (name === "path") cookie.path = value;
      else if (name === "httponly") cookie.httpOnly = true;
      else if (name === "samesite") cookie.sameSite = value[0].toUpperCase() + value.slice(1).toLowerCase();
      else if (name === "max-age") cookie.expires = Date.now() / 1000 + Number(value);
      else if (name === "expires" && cookie.expires === undefined) cookie.expires = Date.parse(value) / 1000;
    }
    return cookie;
  });
}

const ID_ALPHABET = "0123456789ABCDEFGHJKMNPQRSTVWXYZ";
/** A ULID-shaped file id (time, then randomness) for rows seeded straight into the database. */
export function newId(now) {
  let time = "";
  for (let i = 0, t = now; i < 10; i++, t = Math.floor(t / 32)) time = ID_ALPHABET[t % 32] + time;
  const random = randomBytes(16);
  let rest = "";
  for (let i = 0; i < 16; i++) rest += ID_ALPHABET[random[i] % 32];
  return time + rest;
}

/** Bytes of every file below `dir`. */
export function dirBytes(dir) {
  let total = 0;
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    total += entry.isDirectory() ? dirBytes(full) : statSync(full).size;
  }
  return total;
}

/** The 1, 5 and 15 minute load averages, "0.4 / 0.3 / 0.2". */
export function loadAverage() {
  return os
    .loadavg()
    .map((value) => value.toFixed(1))
    .join(" / ");
}

/**
 * Starts every run from the same page cache: earlier runs' bytes written back and
 * dropped (when this process may: root on Linux), then `file` (the fixture) read back in.
 * Without it, each run's GiB stays cached and the next one grows the cache into
 * memory the guest has never used, which on this VM costs several times more
 * per page and lands on whichever client runs later. True when the cache was dropped.
 */
export function samePageCache(file) {
  spawnSync("sync");
  let dropped = true;
  try {
    writeFileSync("/proc/sys/vm/drop_caches", "1");
  } catch {
    dropped = false;
  }
  spawnSync("dd", [`if=${file}`, "of=/dev/null", "bs=1M"], { stdio: "ignore" });
  return dropped;
}
