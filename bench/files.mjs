// The files engine at scale, through the real built server (SQLite + local blobs):
// - the first page of a 100,000-file folder, for every list order (p50/p95 over repeated requests);
// - a copy of a 10,000-file folder (a drive#task), with the blob directory's size before and after.
//   node bench/files.mjs           measure and write bench/results.md (needs `npm run build`)
//   BENCH_REQUESTS=1000 node bench/files.mjs
// The pages are asked for by a lean keep-alive client (node:http, one socket, Accept-Encoding
// as a browser sends it, decompressed and parsed like fetch would), as load tools do: Node 20's
// fetch added its own tail (p95 +1-2 ms on these pages in side-by-side runs), which is the
// client's, not the server's. The reference row is the same client against a bare node:http
// server answering the same page's bytes from memory: the floor of client, loopback and machine.
import { spawn } from "node:child_process";
import { randomBytes } from "node:crypto";
import { existsSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import http from "node:http";
import { createRequire } from "node:module";
import { loadavg, tmpdir } from "node:os";
import path from "node:path";
import { brotliDecompressSync, gunzipSync } from "node:zlib";
import { SERVER_ENTRY as SERVER } from "../scripts/build-freshness.mjs";
import {
  apiCall,
  dirBytes,
  freePort,
  machine,
  newId,
  ROOT,
  signUp,
  sleep,
  startBuiltServer,
  waitFor,
  writeSection,
} from "./lib.mjs";

const BIG = 100_000;
const COPY = 10_000;
// A p95 of 100 samples is the 6th slowest answer, and moved by ±1 ms between back-to-back
// runs here; of 500 it is the 26th.
const REQUESTS = Number(process.env.BENCH_REQUESTS ?? 500);
const TARGET = { pageP95Ms: 5, copyMs: 1000 }; // page: issue #17 item 8
const ORDERS = ["NAME_ASC", "NAME_DESC", "3", "5", "6", "7", "8"];
const TYPES = [
  [".jpg", "image/jpeg"],
  [".mp4", "video/mp4"],
  [".txt", "text/plain"],
  [".pdf", "application/pdf"],
  [".zip", "application/zip"],
];

if (!existsSync(SERVER)) {
  console.error("No build: run `npm run build` first.");
  process.exit(1);
}

/** Files to seed from: a few real uploads of different sizes (their blobs are referenced by every seeded row). */
async function prepare(base, dataDir) {
  const signup = await signUp(base, dataDir, `bench-${Date.now()}@example.com`, "correct horse battery");
  const token = signup.access_token;
  const blobs = [];
  for (let i = 1; i <= 8; i++) {
    const bytes = randomBytes(i * 512);
    const created = await apiCall(base, token, "POST", "/drive/v1/files", {
      kind: "drive#file",
      name: `source-${i}.bin`,
      size: String(bytes.length),
    });
    const put = await fetch(created.form.url.replace(/^https?:\/\/[^/]+/, base), {
      method: "PUT",
      headers: { authorization: `Bearer ${token}`, "content-type": "application/octet-stream" },
      body: bytes,
    }).then((r) => r.json());
    blobs.push({ gcid: put.hash, size: bytes.length });
  }
  const big = await apiCall(base, token, "POST", "/drive/v1/files", { kind: "drive#folder", name: "Big" });
  const copy = await apiCall(base, token, "POST", "/drive/v1/files", {
    kind: "drive#folder",
    name: "ToCopy",
  });
  return { token, userId: signup.sub, blobs, bigId: big.file.id, copyId: copy.file.id };
}

/** Seeds the folders straight into SQLite (server stopped), keeping usage and reference counts true. */
function seed(dataDir, setup) {
  const require = createRequire(path.join(ROOT, "apps/server/package.json"));
  const Database = require("better-sqlite3");
  const db = new Database(path.join(dataDir, "nimbus.db"));
  const insert =
    db.prepare(`insert into files (id, user_id, parent_id, kind, name, name_folded, size, blob_gcid,
    mime_type, phase, trashed_at, trash_path, starred_at, created_at, modified_at)
    values (?, ?, ?, ?, ?, ?, ?, ?, ?, 'PHASE_TYPE_COMPLETE', null, null, null, ?, ?)`);
  const refs = new Map();
  let bytes = 0;
  const now = Date.now();
  db.transaction(() => {
    const fill = (parentId, count, folders) => {
      for (let i = 0; i < folders; i++) {
        const name = `folder ${randomBytes(4).toString("hex")}`;
        insert.run(
          newId(now),
          setup.userId,
          parentId,
          "drive#folder",
          name,
          name,
          0,
          null,
          "",
          now,
          now - i * 1000,
        );
      }
      for (let i = 0; i < count; i++) {
        const blob = setup.blobs[i % setup.blobs.length];
        const [ext, mime] = TYPES[i % TYPES.length];
        const name = `file ${randomBytes(6).toString("hex")}${ext}`;
        const modified = now - Math.floor(Math.random() * 365 * 86_400_000);
        insert.run(
          newId(now),
          setup.userId,
          parentId,
          "drive#file",
          name,
          name,
          blob.size,
          blob.gcid,
          mime,
          now,
          modified,
        );
        refs.set(blob.gcid, (refs.get(blob.gcid) ?? 0) + 1);
        bytes += blob.size;
      }
    };
    fill(setup.bigId, BIG, 200);
    fill(setup.copyId, COPY, 0);
    for (const [gcid, n] of refs)
      db.prepare("update blobs set ref_count = ref_count + ? where gcid = ?").run(n, gcid);
    db.prepare("update users set storage_usage = storage_usage + ? where id = ?").run(bytes, setup.userId);
  })();
  db.pragma("wal_checkpoint(TRUNCATE)");
  db.close();
}

const pageAgent = new http.Agent({ keepAlive: true, maxSockets: 1 });

/** One GET on the kept-alive socket: the raw answer, and its body decompressed and parsed. */
function getPage(url, token) {
  return new Promise((resolve, reject) => {
    const headers = { "accept-encoding": "br, gzip" };
    if (token) headers.authorization = `Bearer ${token}`;
    const request = http.get(url, { agent: pageAgent, headers }, (response) => {
      const chunks = [];
      response.on("data", (chunk) => chunks.push(chunk));
      response.on("error", reject);
      response.on("end", () => {
        const raw = Buffer.concat(chunks);
        const encoding = response.headers["content-encoding"];
        const text =
          encoding === "br" ? brotliDecompressSync(raw) : encoding === "gzip" ? gunzipSync(raw) : raw;
        if (response.statusCode !== 200) reject(new Error(`${url}: ${response.statusCode} ${text}`));
        else resolve({ raw, encoding, page: JSON.parse(text.toString()) });
      });
    });
    request.on("error", reject);
  });
}

/** p50 and p95 of REQUESTS sequential GETs of `url` after 10 warm-ups; `check` sees every page. */
async function timeRequests(url, token, check) {
  for (let i = 0; i < 10; i++) await getPage(url, token);
  const times = [];
  for (let i = 0; i < REQUESTS; i++) {
    const started = performance.now();
    const { page } = await getPage(url, token);
    times.push(performance.now() - started);
    check(page);
  }
  times.sort((a, b) => a - b);
  return { p50: percentile(times, 50), p95: percentile(times, 95) };
}

/** The same client against a bare node:http server answering the NAME_ASC page's bytes, as received. */
async function referencePage(base, token, setup, dataDir) {
  const url = `${base}/drive/v1/files?parent_id=${setup.bigId}&order=NAME_ASC&limit=100&pin_folders_top=false`;
  const { raw, encoding } = await getPage(url, token);
  const file = path.join(dataDir, "reference-page");
  writeFileSync(file, raw);
  const port = await freePort();
  const child = spawn(process.execPath, [path.join(ROOT, "bench/node-reference.mjs"), "page"], {
    env: { ...process.env, PORT: String(port), FILE: file, ENCODING: encoding ?? "" },
    stdio: "inherit",
  });
  try {
    await waitFor(`http://127.0.0.1:${port}/`);
    return {
      bytes: raw.length,
      encoding,
      ...(await timeRequests(`http://127.0.0.1:${port}/`, "", () => {})),
    };
  } finally {
    child.kill();
  }
}

function percentile(sorted, p) {
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];
}

async function firstPages(base, token, setup, pinned) {
  const rows = [];
  for (const order of ORDERS) {
    const url = `${base}/drive/v1/files?parent_id=${setup.bigId}&order=${order}&limit=100&pin_folders_top=${pinned}`;
    const timing = await timeRequests(url, token, (page) => {
      if (page.files.length !== 100 || !page.next_page_token) throw new Error(`short page for ${order}`);
    });
    rows.push({ order, pinned, ...timing });
  }
  return rows;
}

async function copyFolder(base, token, setup, dataDir) {
  const blobDir = path.join(dataDir, "blobs");
  const before = dirBytes(blobDir);
  const started = performance.now();
  const answer = await apiCall(base, token, "POST", "/drive/v1/files:batchCopy", {
    ids: [setup.copyId],
    to: { parent_id: "" },
  });
  let task;
  for (;;) {
    task = await apiCall(base, token, "GET", `/drive/v1/tasks/${answer.task_id}`);
    if (task.phase === "PHASE_TYPE_COMPLETE" || task.phase === "PHASE_TYPE_ERROR") break;
    await sleep(2);
  }
  const ms = performance.now() - started;
  if (task.phase !== "PHASE_TYPE_COMPLETE") throw new Error(`copy failed: ${task.message}`);
  const copied = await apiCall(base, token, "GET", `/drive/v1/files?parent_id=${task.file_id}&limit=1`);
  if (copied.files.length !== 1) throw new Error("the copy is empty");
  return { ms, written: dirBytes(blobDir) - before };
}

const dataDir = mkdtempSync(path.join(tmpdir(), "nimbus-bench-files-"));
let server;
try {
  server = await startBuiltServer({ dataDir });
  const setup = await prepare(server.url, dataDir);
  await server.stop();
  const seeding = performance.now();
  seed(dataDir, setup);
  const seedMs = performance.now() - seeding;
  server = await startBuiltServer({ dataDir });
  const pages = [
    ...(await firstPages(server.url, setup.token, setup, true)),
    ...(await firstPages(server.url, setup.token, setup, false)),
  ];
  const reference = await referencePage(server.url, setup.token, setup, dataDir);
  const copy = await copyFolder(server.url, setup.token, setup, dataDir);
  await server.stop();

  const worstP95 = Math.max(...pages.map((r) => r.p95));
  const pass = worstP95 <= TARGET.pageP95Ms && copy.ms <= TARGET.copyMs && copy.written === 0;
  const table = pages
    .map((r) => `| \`${r.order}\` | ${r.pinned ? "yes" : "no"} | ${r.p50.toFixed(2)} | ${r.p95.toFixed(2)} |`)
    .join("\n");
  writeSection(
    "files",
    `## Files: first page of a 100,000-file folder, and a 10,000-file folder copy

Command: \`npm run build && node bench/files.mjs\` (built server, SQLite + local blobs; ${BIG.toLocaleString("en")} files and 200 folders seeded into one folder in ${seedMs.toFixed(0)} ms; ${REQUESTS} sequential requests per row after 10 warm-ups, over HTTP on loopback, \`limit=100\`; client: node:http keep-alive, \`Accept-Encoding: br, gzip\`, each answer decompressed and parsed).
Machine: ${machine()}; load average ${loadavg()
      .map((n) => n.toFixed(2))
      .join(" / ")} (1/5/15 min) when it finished.
Targets: first-page p95 ≤ ${TARGET.pageP95Ms} ms for every order; copy of ${COPY.toLocaleString("en")} files ≤ ${TARGET.copyMs} ms with zero blob bytes written. **${pass ? "Met" : "NOT met"}.**

| order | folders first | p50 ms | p95 ms |
|---|---|---:|---:|
${table}
| reference: bare node:http answering the \`NAME_ASC\` page's ${reference.bytes.toLocaleString("en")} bytes (${reference.encoding ?? "identity"}) from memory | | ${reference.p50.toFixed(2)} | ${reference.p95.toFixed(2)} |

Copy of a ${COPY.toLocaleString("en")}-file folder (\`files:batchCopy\` → \`drive#task\`, request to task COMPLETE): **${copy.ms.toFixed(0)} ms**; blob directory grew by **${copy.written} bytes**.`,
  );
  console.log(table);
  console.log(`reference: p50 ${reference.p50.toFixed(2)} ms, p95 ${reference.p95.toFixed(2)} ms`);
  console.log(`copy: ${copy.ms.toFixed(0)} ms, blob bytes written: ${copy.written}`);
  process.exitCode = pass ? 0 : 1;
} finally {
  await server?.stop();
  rmSync(dataDir, { recursive: true, force: true });
}
