import { execSync } from "node:child_process";
import { existsSync, readdirSync, readFileSync, writeFileSync } from "node:fs";
import { createServer } from "node:net";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";

export const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const RESULTS = path.join(ROOT, "bench/results.md");

/** A free TCP port on loopback. */
export function freePort() {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once("error", reject);
    server.listen(0, "127.0.0.1", () => {
      const { port } = server.address();
      server.close(() => resolve(port));
    });
  });
}

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

export { startBuiltServer } from "../scripts/built-server.mjs";

export const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

export async function post(base, url, body) {
  const response = await fetch(base + url, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify(body),
  });
  return response.json();
}

/** The verification code the server mailed to `email` (DATA_DIR/mail, the console mailer's outbox). */
async function mailedCode(dataDir, email) {
  const dir = path.join(dataDir, "mail");
  for (let attempt = 0; attempt < 100; attempt++) {
    const files = existsSync(dir) ? readdirSync(dir).filter((f) => f.endsWith(".eml")) : [];
    for (const file of files) {
      const raw = readFileSync(path.join(dir, file), "utf8").replace(/\r\n/g, "\n");
      const code = /^ {4}(\d{6})$/m.exec(raw)?.[1];
      if (code && raw.toLowerCase().includes(email.toLowerCase())) return code;
    }
    await sleep(50);
  }
  throw new Error(`no code mailed to ${email}`);
}

/** A new account as a person makes one: a mailed code when the server asks for it, then sign-up. */
export async function signUp(base, dataDir, email, password) {
  const direct = await post(base, "/v1/auth/signup", { email, password });
  if (direct.access_token) return direct;
  const { verification_id } = await post(base, "/v1/auth/verification", {
    email,
    target: "ANY",
    usage: "REGISTER",
  });
  const verification_code = await mailedCode(dataDir, email);
  const { verification_token } = await post(base, "/v1/auth/verification/verify", {
    verification_id,
    verification_code,
  });
  return post(base, "/v1/auth/signup", { verification_token, password });
}
