// WebDAV of the built server at /dav/ next to nginx with Debian's WebDAV modules (the
// built-in `dav_methods` and `libnginx-mod-http-dav-ext` for PROPFIND/OPTIONS), both behind
// HTTP Basic, in one run with the same clients:
//   - 1,000 PUTs of 10 KB (8 at a time, one keep-alive Node client): files/s;
//   - PROPFIND depth 1 of a folder of 1,000 entries and of LISTING entries (default 10,000),
//     the median of 5 (Node client, whole body read);
//   - a PUT and a GET of one SIZE file (default 1 GiB) with curl: bytes/s. Nimbus hashes,
//     fsyncs and commits the PUT before it answers; nginx writes it to disk unsynced.
// Targets (issue #32): files/s ≥ 0.5 × nginx, GET ≥ 0.9 ×, PUT ≥ 0.8 ×, PROPFIND of the
// 10,000-entry folder ≤ 300 ms.
//   npm run build && flock /tmp/nimbus-build.lock node bench/webdav.mjs     measure, write bench/results.md
//   BENCH_DAV_MIB=64 BENCH_DAV_LISTING=2000 node bench/webdav.mjs --smoke     quick, nothing written
// Needs nginx, libnginx-mod-http-dav-ext, curl and openssl (apt-get install nginx
// libnginx-mod-http-dav-ext curl openssl).
import { execFileSync, spawn } from "node:child_process";
import { randomBytes } from "node:crypto";
import { closeSync, fsyncSync, mkdirSync, openSync, writeFileSync, writeSync } from "node:fs";
import { Agent, request } from "node:http";
import path from "node:path";
import { SERVER_ENTRY as SERVER } from "../scripts/build-freshness.mjs";
import { buildIfStale } from "../scripts/built-server.mjs";
import {
  benchWorkDir,
  cpuSeconds,
  freePort,
  loadAverage,
  machine,
  median,
  requireFiles,
  signUp,
  sleep,
  startBuiltServer,
  startNodeReference,
  writeRandomFile,
  writeSection,
} from "./lib.mjs";
import { NGINX, offloadLocations, startNginx } from "./nginx.mjs";

const SIZE = Number(process.env.BENCH_DAV_MIB ?? 1024) * 1024 * 1024;
const LISTING = Number(process.env.BENCH_DAV_LISTING ?? 10_000);
const SMALL = { count: 1000, bytes: 10 * 1024, parallel: 8 };
const TARGET = { files: 0.5, get: 0.9, put: 0.8, propfindMs: 300 };
const SMOKE = process.argv.includes("--smoke");
/** Large PUTs and GETs of each server, alternating: the medians are reported. */
const RUNS = Number(process.env.BENCH_DAV_RUNS ?? 3);
const DAV_EXT = "/usr/lib/nginx/modules/ngx_http_dav_ext_module.so";

buildIfStale();
requireFiles([
  ["the build (npm run build)", SERVER],
  ["nginx (apt-get install nginx)", NGINX],
  [
    "nginx's dav-ext module, for PROPFIND and OPTIONS (sudo apt-get install libnginx-mod-http-dav-ext)",
    DAV_EXT,
  ],
]);

const { work, children } = benchWorkDir("nimbus-bench-webdav-");
const USER = "bench@example.com";
const PASSWORD = "bench passphrase";

/** nginx serving `root` over WebDAV (PUT, DELETE, MKCOL, COPY, MOVE, PROPFIND, OPTIONS) behind Basic. */
async function startDavNginx(root, user, password) {
  const dir = path.join(work, "nginx");
  mkdirSync(dir, { recursive: true });
  mkdirSync(root, { recursive: true });
  const hash = execFileSync("openssl", ["passwd", "-apr1", password]).toString().trim();
  writeFileSync(path.join(dir, "htpasswd"), `${user}:${hash}\n`);
  const port = await freePort();
  const conf = path.join(dir, "nginx.conf");
  writeFileSync(
    conf,
    `load_module ${DAV_EXT};
${process.getuid?.() === 0 ? "user root;\n" : ""}daemon off;
worker_processes 1;
pid ${dir}/nginx.pid;
error_log ${dir}/error.log warn;
events { worker_connections 1024; }
http {
  sendfile on;
  tcp_nopush on;
  access_log off;
  default_type application/octet-stream;
  client_max_body_size 0;
  client_body_temp_path ${dir}/body;
  proxy_temp_path ${dir}/proxy;
  fastcgi_temp_path ${dir}/fastcgi;
  uwsgi_temp_path ${dir}/uwsgi;
  scgi_temp_path ${dir}/scgi;
  server {
    listen 127.0.0.1:${port};
    location /dav/ {
      alias ${root}/;
      auth_basic "bench";
      auth_basic_user_file ${dir}/htpasswd;
      dav_methods PUT DELETE MKCOL COPY MOVE;
      dav_ext_methods PROPFIND OPTIONS;
      create_full_put_path on;
    }
  }
}
`,
  );
  const child = spawn(NGINX, ["-c", conf, "-p", dir], { stdio: ["ignore", "inherit", "inherit"] });
  children.push(child);
  const url = `http://127.0.0.1:${port}`;
  for (let i = 0; ; i++) {
    if (child.exitCode !== null) throw new Error(`nginx exited with ${child.exitCode}`);
    try {
      await fetch(url);
      break;
    } catch (error) {
      if (i > 400) throw error;
      await sleep(25);
    }
  }
  return { url, pid: child.pid, stop: () => child.kill("SIGQUIT") };
}

const agent = new Agent({ keepAlive: true, maxSockets: SMALL.parallel });

/** One request with the Node client: status and the whole body's length. */
function call(url, method, auth, { body, headers = {} } = {}) {
  return new Promise((resolve, reject) => {
    const req = request(url, {
      method,
      agent,
      headers: {
        authorization: auth,
        ...(body ? { "content-length": String(body.length) } : {}),
        ...headers,
      },
    });
    req.on("response", (res) => {
      let length = 0;
      res.on("data", (chunk) => {
        length += chunk.length;
      });
      res.on("end", () => resolve({ status: res.statusCode, length }));
      res.on("error", reject);
    });
    req.on("error", reject);
    req.end(body);
  });
}

function expectStatus(answer, wanted, what) {
  if (!wanted.includes(answer.status)) throw new Error(`${what}: ${answer.status}`);
  return answer;
}

/** fsync of a file nginx wrote (the durable reference: Nimbus fsyncs before it answers). */
function fsyncFile(file) {
  const fd = openSync(file, "r");
  try {
    fsyncSync(fd);
  } finally {
    closeSync(fd);
  }
}

/**
 * `count` PUTs of `bytes` into `folder`, `parallel` at a time: files per second. `afterPut`
 * (the name) runs after each answer, inside the timing: nginx's fsync for the durable row.
 */
async function smallPuts(base, auth, folder, count, bytes, parallel, afterPut) {
  const payloads = Array.from({ length: count }, () => randomBytes(bytes));
  let next = 0;
  const started = performance.now();
  await Promise.all(
    Array.from({ length: parallel }, async () => {
      for (let i = next++; i < count; i = next++) {
        const name = `f${String(i).padStart(5, "0")}.bin`;
        expectStatus(
          await call(`${base}/dav/${folder}/${name}`, "PUT", auth, { body: payloads[i] }),
          [201, 204],
          "PUT",
        );
        afterPut?.(name);
      }
    }),
  );
  return count / ((performance.now() - started) / 1000);
}

const PROPFIND_BODY = Buffer.from(
  '<?xml version="1.0" encoding="utf-8"?><D:propfind xmlns:D="DAV:"><D:prop><D:resourcetype/><D:getcontentlength/><D:getlastmodified/><D:displayname/></D:prop></D:propfind>',
);

/** PROPFIND depth 1 of `folder`, the median of 5 after one warm-up: milliseconds and the entries answered. */
async function propfind(base, auth, folder, runs = 5) {
  const times = [];
  let entries = 0;
  for (let i = 0; i <= runs; i++) {
    const started = performance.now();
    const answer = await new Promise((resolve, reject) => {
      const req = request(`${base}/dav/${folder}/`, {
        method: "PROPFIND",
        agent,
        headers: {
          authorization: auth,
          depth: "1",
          "content-type": "application/xml",
          "content-length": String(PROPFIND_BODY.length),
        },
      });
      req.on("response", (res) => {
        let text = "";
        res.setEncoding("utf8");
        res.on("data", (chunk) => {
          text += chunk;
        });
        res.on("end", () => resolve({ status: res.statusCode, text }));
      });
      req.on("error", reject);
      req.end(PROPFIND_BODY);
    });
    expectStatus(answer, [207], `PROPFIND ${folder}`);
    if (i > 0) times.push(performance.now() - started);
    entries = (answer.text.match(/<(?:D:)?response[ >]/g) ?? []).length - 1;
  }
  return { ms: median(times), entries };
}

/** Writes `run` into the file's first bytes: the same size, other content. */
function markRun(file, run) {
  const fd = openSync(file, "r+");
  try {
    writeSync(fd, Buffer.from(`run ${run}`), 0, undefined, 0);
  } finally {
    closeSync(fd);
  }
}

/** curl as the client of a large transfer: bytes per second as curl measured them. */
function curl(args, auth) {
  return new Promise((resolve, reject) => {
    const child = spawn("curl", ["-sS", "-f", "-H", `Authorization: ${auth}`, ...args]);
    let out = "";
    child.stdout.on("data", (chunk) => {
      out += chunk;
    });
    child.stderr.pipe(process.stderr);
    child.on("exit", (code) => {
      const [size, speed] = out.trim().split(" ").map(Number);
      if (code !== 0) reject(new Error(`curl ${args.join(" ")}: exit ${code}`));
      else resolve({ size, speed });
    });
  });
}

const bigPut = (url, file, auth) =>
  curl(["-T", file, "-o", "/dev/null", "-w", "%{size_upload} %{speed_upload}", url], auth);
const bigGet = (url, auth) =>
  curl(["-o", "/dev/null", "-w", "%{size_download} %{speed_download}", url], auth);

/**
 * Files per second of the small PUTs, and the server's CPU milliseconds per PUT: in all (every
 * thread, child processes included) and on its main thread (a Node server's event loop).
 */
async function smallPutsWithCpu(pid, ...args) {
  const all = () => cpuSeconds(pid, { children: true });
  const main = () => cpuSeconds(pid, { mainThread: true });
  const before = { all: all(), main: main() };
  const filesPerSecond = await smallPuts(...args);
  const perPut = (seconds) => (seconds * 1000) / args[3];
  return { filesPerSecond, cpuMs: perPut(all() - before.all), loopMs: perPut(main() - before.main) };
}

const basic = (user, password) => `Basic ${Buffer.from(`${user}:${password}`).toString("base64")}`;
const gib = (bytesPerSecond) => `${(bytesPerSecond / 1024 ** 3).toFixed(2)} GiB/s`;
const g = (bytesPerSecond) => (bytesPerSecond / 1024 ** 3).toFixed(2);
const mark = (ok) => (ok ? "✅" : "❌");

// --- servers
const loadAtStart = loadAverage();
const nimbus = await startBuiltServer({
  env: { FREE_STORAGE_BYTES: String(SIZE * (RUNS + 1) + 2 * 1024 ** 3), LOG_LEVEL: "warn" },
});
children.push(nimbus.child);
const { access_token } = await signUp(nimbus.url, nimbus.dataDir, USER, PASSWORD);
const created = await fetch(`${nimbus.url}/v1/user/me/app_passwords`, {
  method: "POST",
  headers: { authorization: `Bearer ${access_token}`, "content-type": "application/json" },
  body: JSON.stringify({ name: "bench" }),
});
if (!created.ok) throw new Error(`app password: ${created.status}`);
const appPassword = (await created.json()).password;
const nginxRoot = path.join(work, "nginx-root");
const nginx = await startDavNginx(nginxRoot, USER, appPassword);
const targets = [
  { name: "Nimbus /dav/", base: nimbus.url },
  { name: "nginx dav + dav-ext", base: nginx.url },
];
const auth = basic(USER, appPassword);
const big = path.join(work, "big.bin");
writeRandomFile(big, SIZE);

const results = new Map(targets.map((target) => [target.name, {}]));
for (const { name, base } of targets) {
  const r = results.get(name);
  const pid = base === nimbus.url ? nimbus.child.pid : nginx.pid;
  for (const folder of ["warm", "small", "listing", "big"]) {
    expectStatus(await call(`${base}/dav/${folder}/`, "MKCOL", auth), [201, 405], `MKCOL ${folder}`);
  }
  // The same PUTs once untimed first: the measured ones find a warmed-up server (Nimbus's
  // first thousand run at about two thirds of the speed while V8 compiles its hot paths).
  await smallPuts(base, auth, "warm", SMALL.count, SMALL.bytes, SMALL.parallel);
  Object.assign(
    r,
    await smallPutsWithCpu(pid, base, auth, "small", SMALL.count, SMALL.bytes, SMALL.parallel),
  );
  r.propfindSmall = await propfind(base, auth, "small");
  // The big listing: seeded with 100-byte files over the same WebDAV, not timed.
  await smallPuts(base, auth, "listing", LISTING, 100, SMALL.parallel);
  r.propfindLarge = await propfind(base, auth, "listing");
}
// nginx answers a PUT before its bytes are on disk; the same PUTs followed by an fsync of each
// file (by the client, timed with it) are the durable reference.
const durable = {};
expectStatus(await call(`${nginx.url}/dav/small-sync/`, "MKCOL", auth), [201], "MKCOL small-sync");
durable.filesPerSecond = await smallPuts(
  nginx.url,
  auth,
  "small-sync",
  SMALL.count,
  SMALL.bytes,
  SMALL.parallel,
  (name) => fsyncFile(path.join(nginxRoot, "small-sync", name)),
);
// The floor a Node server doing durable writes stands on: the same client, each body into its
// own file with an fdatasync before the answer, nothing else.
mkdirSync(path.join(work, "node-reference"));
const plainNode = await startNodeReference("put", { DIR: path.join(work, "node-reference") });
children.push(plainNode.child);
await smallPuts(plainNode.url, auth, "warm", SMALL.count, SMALL.bytes, SMALL.parallel);
const floor = await smallPutsWithCpu(
  plainNode.child.pid,
  plainNode.url,
  auth,
  "x",
  SMALL.count,
  SMALL.bytes,
  SMALL.parallel,
);
plainNode.child.kill();
// Large transfers alternate between the two, so neither always runs on a warmer machine; the
// median of RUNS of each (one run of each swung by 2x on a shared machine).
for (const r of results.values()) Object.assign(r, { puts: [], gets: [] });
durable.puts = [];
for (let run = 0; run < RUNS; run++) {
  // Another first byte each run, so Nimbus stores new content (not a deduplicated copy).
  if (run > 0) markRun(big, run);
  for (const { name, base } of targets) {
    const put = await bigPut(`${base}/dav/big/big-${run}.bin`, big, auth);
    if (put.size !== SIZE) throw new Error(`${name}: PUT sent ${put.size} bytes`);
    results.get(name).puts.push(put.speed);
  }
  const started = performance.now();
  const put = await bigPut(`${nginx.url}/dav/big/big-sync.bin`, big, auth);
  if (put.size !== SIZE) throw new Error(`nginx: PUT sent ${put.size} bytes`);
  fsyncFile(path.join(nginxRoot, "big", "big-sync.bin"));
  durable.puts.push(SIZE / ((performance.now() - started) / 1000));
}
// DOWNLOAD_OFFLOAD=x-accel (the downloads' byte path, issue #34): a second Nimbus on the same
// DATA_DIR behind an nginx with deploy/nginx/nimbus.conf's internal location; Nimbus signs in,
// checks and charges, nginx sends the bytes. Its GETs alternate with the other two.
const offloader = await startBuiltServer({
  dataDir: nimbus.dataDir,
  env: { DOWNLOAD_OFFLOAD: "x-accel", LOG_LEVEL: "warn" },
});
children.push(offloader.child);
const front = await startNginx({
  work: path.join(work, "front"),
  root: path.join(work, "front", "www"),
  extra: offloadLocations(path.join(nimbus.dataDir, "blobs"), offloader.url, "/dav/"),
});
children.push(front.child);
const getTargets = [...targets, { name: "Nimbus /dav/ offloaded", base: front.url }];
results.set("Nimbus /dav/ offloaded", { gets: [] });
for (const { base } of getTargets) await bigGet(`${base}/dav/big/big-0.bin`, auth); // warm-up
for (let run = 0; run < RUNS; run++) {
  for (const { name, base } of getTargets) {
    const get = await bigGet(`${base}/dav/big/big-0.bin`, auth);
    if (get.size !== SIZE) throw new Error(`${name}: GET got ${get.size} bytes`);
    results.get(name).gets.push(get.speed);
  }
}
await front.stop();
await offloader.stop();
for (const r of results.values()) Object.assign(r, { put: r.puts && median(r.puts), get: median(r.gets) });
durable.put = median(durable.puts);
const loadAtEnd = loadAverage();
await nimbus.stop();
nginx.stop();

const n = results.get(targets[0].name);
const x = results.get(targets[1].name);
const o = results.get("Nimbus /dav/ offloaded");
const ratio = (a, b) => (a / b).toFixed(2);
const rows = [
  `| ${SMALL.count} × 10 KB PUTs (${SMALL.parallel} at a time) | ${n.filesPerSecond.toFixed(0)} files/s | ${x.filesPerSecond.toFixed(0)} files/s | ${ratio(n.filesPerSecond, x.filesPerSecond)} | ≥ ${TARGET.files} ${mark(n.filesPerSecond / x.filesPerSecond >= TARGET.files)} |`,
  `| … against nginx + fsync of each file | ${n.filesPerSecond.toFixed(0)} files/s | ${durable.filesPerSecond.toFixed(0)} files/s | ${ratio(n.filesPerSecond, durable.filesPerSecond)} | (reference) |`,
  `| … against plain Node, write + fdatasync (\`bench/node-reference.mjs put\`) | ${n.filesPerSecond.toFixed(0)} files/s | ${floor.filesPerSecond.toFixed(0)} files/s | ${ratio(n.filesPerSecond, floor.filesPerSecond)} | (reference) |`,
  `| … server CPU per PUT (all threads; nginx: master and worker; plain Node) | ${n.cpuMs.toFixed(2)} ms | ${x.cpuMs.toFixed(2)} ms; plain Node ${floor.cpuMs.toFixed(2)} ms | | |`,
  `| … of which on the main thread (Node's event loop) | ${n.loopMs.toFixed(2)} ms | plain Node ${floor.loopMs.toFixed(2)} ms | | |`,
  `| PROPFIND depth 1, ${n.propfindSmall.entries} entries | ${n.propfindSmall.ms.toFixed(0)} ms | ${x.propfindSmall.ms.toFixed(0)} ms | ${ratio(n.propfindSmall.ms, x.propfindSmall.ms)} (time) | — |`,
  `| PROPFIND depth 1, ${n.propfindLarge.entries} entries | ${n.propfindLarge.ms.toFixed(0)} ms | ${x.propfindLarge.ms.toFixed(0)} ms | ${ratio(n.propfindLarge.ms, x.propfindLarge.ms)} (time) | ≤ ${TARGET.propfindMs} ms ${LISTING >= 10_000 ? mark(n.propfindLarge.ms <= TARGET.propfindMs) : "(needs 10,000)"} |`,
  `| ${(SIZE / 1024 ** 3).toFixed(2)} GiB PUT (curl -T, median of ${RUNS}) | ${gib(n.put)} | ${gib(x.put)} | ${ratio(n.put, x.put)} | ≥ ${TARGET.put} ${mark(n.put / x.put >= TARGET.put)} |`,
  `| … against nginx PUT + fsync | ${gib(n.put)} | ${gib(durable.put)} | ${ratio(n.put, durable.put)} | (reference) |`,
  `| … PUT runs (GiB/s) | ${n.puts.map(g).join(", ")} | ${x.puts.map(g).join(", ")} | | |`,
  `| ${(SIZE / 1024 ** 3).toFixed(2)} GiB GET (curl, median of ${RUNS} after a warm-up) | ${gib(n.get)} | ${gib(x.get)} | ${ratio(n.get, x.get)} | ≥ ${TARGET.get} ${mark(n.get / x.get >= TARGET.get)} |`,
  `| … GET runs (GiB/s) | ${n.gets.map(g).join(", ")} | ${x.gets.map(g).join(", ")} | | |`,
  `| ${(SIZE / 1024 ** 3).toFixed(2)} GiB GET, Nimbus offloaded to nginx (\`DOWNLOAD_OFFLOAD=x-accel\`) | ${gib(o.get)} | ${gib(x.get)} | ${ratio(o.get, x.get)} | ≥ ${TARGET.get} ${mark(o.get / x.get >= TARGET.get)} |`,
  `| … offloaded GET runs (GiB/s) | ${o.gets.map(g).join(", ")} | ${x.gets.map(g).join(", ")} | | |`,
];
const markdown = `## WebDAV: Nimbus /dav/ vs nginx dav_methods + dav-ext

\`npm run build && flock /tmp/nimbus-build.lock node bench/webdav.mjs\` — ${machine()}

Needs nginx and its dav-ext module (\`apt-get install nginx libnginx-mod-http-dav-ext curl openssl\`;
the bench stops and names the package when one is missing).

Both servers on loopback behind HTTP Basic (Nimbus: an app password; nginx: the same password in an
htpasswd file), one run, the same clients: a keep-alive Node client for the small PUTs (8 at a time,
after the same number untimed as a warm-up; the server's CPU per PUT read from \`/proc\`, every thread)
and the PROPFINDs (median of 5 after a warm-up, whole body read, the props rclone asks for), curl for
the large PUT and GET (alternating, medians). Nimbus stores a PUT like an upload (hashed, fsynced, committed, deduplicated)
before it answers; nginx writes the file and answers without an fsync, so the rows "… + fsync" add
the client's fsync of each file nginx wrote, timed with its PUT (the durable reference, as in
\`bench/upload.mjs\`); the plain Node row is \`bench/node-reference.mjs put\` (each body written to its own
file and fdatasynced before the 201; no auth, database, hashing or directory fsync), the floor a Node
server's durable PUT stands on. The offloaded GET is a second Nimbus on the same data behind another nginx (1 worker)
whose \`internal\` location is deploy/nginx/nimbus.conf's: Nimbus signs the request in, checks and charges
it, then answers \`X-Accel-Redirect\` and nginx sends the bytes, as downloads do with
\`DOWNLOAD_OFFLOAD=x-accel\`; its runs alternate with the other two. Load average (1 min) at start
${loadAtStart}, at end ${loadAtEnd}: the machine's cores are shared with other work.

| measure | Nimbus | nginx | ratio | target |
|---|---|---|---|---|
${rows.join("\n")}
`;
console.log(markdown);
if (!SMOKE) writeSection("webdav", markdown);
process.exit(0);
