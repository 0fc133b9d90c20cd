// The pieces behind the share-save and file-list figures, each measured on its own:
// - inserting 10,000 file rows into a 110,000-row `files` table (the real schema, migrated):
//   Kysely's insert builder against `insertRows` (db/bulk-insert.ts), both rolled back;
// - the COMMIT of those rows with SQLite's automatic checkpoint (1,000 pages, its default)
//   against the safety-net threshold the server sets once checkpoints run on a worker
//   (db/wal-checkpointer.ts, decision 0054);
// - brotli quality 2–5 on a 100-file list of the API's shape (http/compression.ts, decision 0033).
//   npm run build && node bench/write-path.mjs      (BENCH_RUNS=9 for more alternating runs)
import { randomBytes } from "node:crypto";
import { mkdtempSync, rmSync } from "node:fs";
import { createRequire } from "node:module";
import { tmpdir } from "node:os";
import path from "node:path";
import { brotliCompressSync, constants } from "node:zlib";
import { machine, median, ROOT, requireFiles, writeSection } from "./lib.mjs";

const DIST = path.join(ROOT, "apps/server/dist");
requireFiles([["the server build (npm run build)", path.join(DIST, "db/bulk-insert.js")]]);
const { insertRows } = await import(path.join(DIST, "db/bulk-insert.js"));
const { openDatabase } = await import(path.join(DIST, "db/database.js"));
const { FALLBACK_AUTOCHECKPOINT_PAGES } = await import(path.join(DIST, "db/wal-checkpointer.js"));
const require = createRequire(path.join(ROOT, "apps/server/package.json"));
const { CompiledQuery } = require("kysely");
const SQLite = require("better-sqlite3");

const RUNS = Number(process.env.BENCH_RUNS ?? 5);
const EXISTING = 110_000;
const COPY = 10_000;
const COLUMNS = [
  "id",
  "user_id",
  "parent_id",
  "kind",
  "name",
  "name_folded",
  "size",
  "blob_gcid",
  "mime_type",
  "phase",
  "trashed_at",
  "trash_path",
  "starred_at",
  "created_at",
  "modified_at",
];
const USER = "01BENCHUSER000000000000000";
const GCID = "71322F3CE5F5D99FE1FC9E8BC2864650C34FAEA6";
let serial = 0;

/** `count` file rows in 50 new folders, names sorted inside each as a copy reads them. */
function fileRows(count) {
  const rows = [];
  for (let folder = 0; folder < 50; folder++) {
    const parent = `P${randomBytes(12).toString("hex")}`;
    const names = Array.from(
      { length: count / 50 },
      () => `file ${randomBytes(6).toString("hex")}.jpg`,
    ).sort();
    for (const name of names) {
      rows.push({
        id: `R${String(++serial).padStart(10, "0")}${randomBytes(7).toString("hex")}`,
        user_id: USER,
        parent_id: parent,
        kind: "drive#file",
        name,
        name_folded: name,
        size: 512,
        blob_gcid: GCID,
        mime_type: "image/jpeg",
        phase: "PHASE_TYPE_COMPLETE",
        trashed_at: null,
        trash_path: null,
        starred_at: null,
        created_at: Date.now(),
        modified_at: Date.now() - Math.floor(Math.random() * 3e10),
      });
    }
  }
  return rows;
}

/** The migrated schema with EXISTING rows, foreign keys off (the rows' user and blob are not made). */
async function prepareDatabase(file) {
  const database = await openDatabase({ kind: "sqlite", file });
  await database.migrate();
  await database.close();
  const connection = new SQLite(file);
  connection.pragma("journal_mode = WAL");
  connection.pragma("foreign_keys = OFF"); // better-sqlite3 turns them on by default
  const insert = connection.prepare(`insert into files (${COLUMNS}) values (${COLUMNS.map(() => "?")})`);
  connection.transaction(() => {
    for (const row of fileRows(EXISTING)) insert.run(COLUMNS.map((column) => row[column]));
  })();
  connection.pragma("wal_checkpoint(TRUNCATE)");
  connection.close();
}

/** Kysely's builder against insertRows, the same rows each, in transactions rolled back. */
async function insertPaths(file) {
  const database = await openDatabase({ kind: "sqlite", file });
  const { db } = database;
  await db.executeQuery(CompiledQuery.raw("pragma foreign_keys = off"));
  const ways = {
    builder: async (trx, rows) => {
      for (let i = 0; i < rows.length; i += 500)
        await trx
          .insertInto("files")
          .values(rows.slice(i, i + 500))
          .execute();
    },
    insertRows: (trx, rows) => insertRows(trx, "files", COLUMNS, rows),
  };
  const times = { builder: [], insertRows: [] };
  for (let run = 0; run < RUNS + 1; run++) {
    for (const [name, insert] of Object.entries(ways)) {
      const rows = fileRows(COPY);
      let ms = 0;
      await db
        .transaction()
        .execute(async (trx) => {
          const started = performance.now();
          await insert(trx, rows);
          ms = performance.now() - started;
          throw new Error("roll back");
        })
        .catch(() => {});
      if (run > 0) times[name].push(ms); // run 0 warms up
    }
  }
  await database.close();
  return times;
}

/** INSERT then COMMIT of COPY rows with either automatic-checkpoint threshold, alternating. */
function commits(file) {
  const thresholds = {
    "SQLite's default, 1,000 pages": 1000,
    [`worker's safety net, ${FALLBACK_AUTOCHECKPOINT_PAGES.toLocaleString("en")} pages`]:
      FALLBACK_AUTOCHECKPOINT_PAGES,
  };
  const times = Object.fromEntries(Object.keys(thresholds).map((name) => [name, { insert: [], commit: [] }]));
  const statement = `insert into files (${COLUMNS}) values ${Array(500)
    .fill(`(${COLUMNS.map(() => "?")})`)
    .join(", ")}`;
  for (let run = 0; run < RUNS; run++) {
    for (const [name, pages] of Object.entries(thresholds)) {
      const connection = new SQLite(file);
      connection.pragma("journal_mode = WAL");
      connection.pragma("synchronous = NORMAL");
      connection.pragma("foreign_keys = OFF");
      connection.pragma(`wal_autocheckpoint = ${pages}`);
      connection.pragma("wal_checkpoint(TRUNCATE)"); // every run starts from an empty WAL
      const insert = connection.prepare(statement);
      const rows = fileRows(COPY);
      connection.exec("begin");
      const started = performance.now();
      for (let i = 0; i < rows.length; i += 500)
        insert.run(rows.slice(i, i + 500).flatMap((row) => COLUMNS.map((column) => row[column])));
      const inserted = performance.now();
      connection.exec("commit");
      times[name].insert.push(inserted - started);
      times[name].commit.push(performance.now() - inserted);
      connection.close();
    }
  }
  return times;
}

/** A page of 100 files as `GET /drive/v1/files` answers it (random names, ids and link signatures). */
function fileListJson() {
  const files = Array.from({ length: 100 }, () => {
    const id = `01M8${randomBytes(11).toString("hex").toUpperCase().slice(0, 22)}`;
    const url = `http://localhost:3000/drive/v1/download/${id}?u=${USER}&g=0&expires=1795745700000&sig=${randomBytes(32).toString("base64url")}`;
    return {
      kind: "drive#file",
      id,
      parent_id: "01M8CQ8Z7X6CBEX9PNZQNYDS3P",
      name: `file ${randomBytes(6).toString("hex")}.jpg`,
      user_id: USER,
      size: "2048",
      file_extension: ".jpg",
      mime_type: "image/jpeg",
      created_time: "2026-11-26T20:03:14.342Z",
      modified_time: new Date(Date.now() - Math.floor(Math.random() * 3e10)).toISOString(),
      trashed: false,
      starred: false,
      phase: "PHASE_TYPE_COMPLETE",
      hash: GCID,
      thumbnail_link: "",
      web_content_link: url,
      links: { "application/octet-stream": { url, token: "", expire: "2026-11-27T02:15:00.000Z" } },
      medias: [],
    };
  });
  return Buffer.from(JSON.stringify({ kind: "drive#fileList", files, next_page_token: "x".repeat(120) }));
}

function brotliQualities() {
  const body = fileListJson();
  const qualities = [2, 3, 4, 5];
  const compress = (quality) =>
    brotliCompressSync(body, {
      params: { [constants.BROTLI_PARAM_QUALITY]: quality, [constants.BROTLI_PARAM_SIZE_HINT]: body.length },
    });
  const times = Object.fromEntries(qualities.map((q) => [q, []]));
  for (let round = 0; round < 400; round++) {
    for (const quality of qualities) {
      const started = performance.now();
      compress(quality);
      if (round >= 50) times[quality].push(performance.now() - started);
    }
  }
  return {
    bytes: body.length,
    rows: qualities.map((q) => ({ quality: q, ms: median(times[q]), size: compress(q).length })),
  };
}

const dir = mkdtempSync(path.join(tmpdir(), "nimbus-bench-write-"));
try {
  const file = path.join(dir, "nimbus.db");
  await prepareDatabase(file);
  const inserts = await insertPaths(file);
  const commit = commits(file);
  const brotli = brotliQualities();
  const ms = (values) => `${median(values).toFixed(0)} ms`;
  const runs = (values) => values.map((v) => v.toFixed(0)).join(", ");
  writeSection(
    "write-path",
    `## Write path and compression, piece by piece (\`node bench/write-path.mjs\`)

Command: \`npm run build && node bench/write-path.mjs\` (the built modules in-process; a temporary SQLite file with the migrated schema and ${EXISTING.toLocaleString("en")} file rows; ${COPY.toLocaleString("en")} new rows in 50 folders per run, ${RUNS} runs of each way, alternating; medians).
Machine: ${machine()}.

Inserting ${COPY.toLocaleString("en")} rows (500 per statement, rolled back; how a share save or a copy writes its rows):

| way | median | runs |
|---|---:|---|
| Kysely's insert builder (\`insertInto().values(rows).execute()\`) | ${ms(inserts.builder)} | ${runs(inserts.builder)} |
| \`insertRows\` (db/bulk-insert.ts: text compiled once per length, values bound in column order) | ${ms(inserts.insertRows)} | ${runs(inserts.insertRows)} |

The same insert, then \`COMMIT\`, by the connection's automatic-checkpoint threshold (better-sqlite3 directly, \`synchronous = NORMAL\`, the WAL emptied before each run):

| threshold | insert median | commit median | commit runs |
|---|---:|---:|---|
${Object.entries(commit)
  .map(([name, t]) => `| ${name} | ${ms(t.insert)} | ${ms(t.commit)} | ${runs(t.commit)} |`)
  .join("\n")}

Brotli on a 100-file list of the API's shape (${brotli.bytes.toLocaleString("en")} bytes of JSON), median of 350 compressions:

| quality | ms | bytes |
|---:|---:|---:|
${brotli.rows.map((r) => `| ${r.quality} | ${r.ms.toFixed(2)} | ${r.size.toLocaleString("en")} |`).join("\n")}`,
  );
  console.log("insert", { builder: ms(inserts.builder), insertRows: ms(inserts.insertRows) });
  for (const [name, t] of Object.entries(commit)) console.log("commit", name, ms(t.commit));
  console.log("brotli", brotli.rows.map((r) => `q${r.quality} ${r.ms.toFixed(2)} ms ${r.size} B`).join(", "));
} finally {
  rmSync(dir, { recursive: true, force: true });
}
