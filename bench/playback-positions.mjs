// What `playback_position` on drive#file costs a file list: the same `FilesService.list` of the
// compiled server (apps/server/dist), built twice over one SQLite database — once without the
// positions lookup, once with it — and asked for the same first page alternately (A, B, A, B…),
// so both see the same machine load. Pages: a folder where one item in five is a video (the
// mixed drive), and a folder of videos only (the worst case: 100 ids in the positions query).
//   npx tsc -b apps/server && node bench/playback-positions.mjs      (writes bench/results.md)
//   BENCH_REQUESTS=1000 node bench/playback-positions.mjs
import { existsSync, mkdtempSync, rmSync } from "node:fs";
import { loadavg, tmpdir } from "node:os";
import path from "node:path";
import { performance } from "node:perf_hooks";
import { machine, newId, ROOT, writeSection } from "./lib.mjs";

const DIST = path.join(ROOT, "apps/server/dist");
if (!existsSync(path.join(DIST, "modules/playback/playback-positions.js"))) {
  console.error("No compiled server: run `npx tsc -b apps/server` first.");
  process.exit(1);
}
const { openDatabase } = await import(path.join(DIST, "db/database.js"));
const { insertRows } = await import(path.join(DIST, "db/bulk-insert.js"));
const { FilesRepository, FilesService } = await import(path.join(DIST, "modules/files/index.js"));
const { UsersRepository } = await import(path.join(DIST, "modules/users/users-repository.js"));
const { DownloadLinks } = await import(path.join(DIST, "modules/links/download-links.js"));
const { PreviewStore } = await import(path.join(DIST, "modules/previews/preview-store.js"));
const { positionLookup } = await import(path.join(DIST, "modules/playback/playback-positions.js"));
const { sql } = await import("kysely");

const REQUESTS = Number(process.env.BENCH_REQUESTS ?? 500);
const MIXED = 20_000;
const VIDEOS = 5_000;
const NOW = Date.UTC(2030, 0, 1);

const dir = mkdtempSync(path.join(tmpdir(), "nimbus-bench-positions-"));
const database = await openDatabase({ kind: "sqlite", file: path.join(dir, "nimbus.db") });
await database.migrate();
const { db } = database;

/** A user row: every NOT NULL column without a default gets a plain value. */
async function seedUser(id) {
  const { rows } = await sql`pragma table_info(users)`.execute(db);
  const row = {};
  for (const column of rows) {
    if (column.name === "id") row.id = id;
    else if (column.notnull && column.dflt_value === null) {
      row[column.name] = /int|real|num/i.test(column.type) ? 0 : `${column.name}-${id}`;
    }
  }
  await db.insertInto("users").values(row).execute();
}

const userId = "bench-user";
await seedUser(userId);
const gcids = Array.from({ length: 8 }, (_, i) => `bench${String(i).padStart(36, "0")}`);
await db
  .insertInto("blobs")
  .values(
    gcids.map((gcid) => ({
      gcid,
      sha256: gcid,
      size: 1024,
      ref_count: 1,
      created_at: NOW,
      unreferenced_at: null,
    })),
  )
  .execute();
const folderId = newId(NOW);
const file = (i, parentId, video) => ({
  id: newId(NOW + i),
  user_id: userId,
  parent_id: parentId,
  kind: "drive#file",
  name: `file-${String(i).padStart(6, "0")}${video ? ".mp4" : ".jpg"}`,
  size: 1024,
  blob_gcid: gcids[i % gcids.length],
  mime_type: video ? "video/mp4" : "image/jpeg",
  phase: "PHASE_TYPE_COMPLETE",
  trashed_at: null,
  starred_at: null,
  created_at: NOW,
  modified_at: NOW,
});
const repository = new FilesRepository(db);
const started = performance.now();
await repository.insert({
  ...file(0, "", false),
  id: folderId,
  kind: "drive#folder",
  name: "Videos",
  size: 0,
  blob_gcid: null,
  mime_type: "application/x-directory",
});
const mixed = Array.from({ length: MIXED }, (_, i) => file(i + 1, "", i % 5 === 0));
const videos = Array.from({ length: VIDEOS }, (_, i) => file(MIXED + i + 1, folderId, true));
await repository.insertMany([...mixed, ...videos]);
// Half the videos have a position (watched a while ago, or part of the way).
const positions = [...mixed, ...videos]
  .filter((row, i) => row.mime_type === "video/mp4" && i % 2 === 0)
  .map((row) => ({
    file_id: row.id,
    user_id: userId,
    position_ms: 30_000,
    duration_ms: 60_000,
    audio_track: null,
    subtitle: null,
    updated_at: NOW,
  }));
await insertRows(db, "playback_positions", Object.keys(positions[0]), positions);
const seededMs = performance.now() - started;

const base = {
  db,
  files: repository,
  users: new UsersRepository(db),
  blobs: {},
  links: new DownloadLinks("bench-secret-bench-secret-bench-secret"),
  clock: { now: () => NOW },
  config: { publicUrl: "http://bench.test", quota: {}, space: { trashRetentionMs: 10 * 86_400_000 } },
  previews: new PreviewStore(db),
};
const without = new FilesService(base);
const withPositions = new FilesService({ ...base, positions: positionLookup(db) });

const pct = (sorted, p) => sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];
async function measure(parentId) {
  const times = { without: [], with: [] };
  let listed = 0;
  for (let i = 0; i < REQUESTS + 10; i++) {
    for (const [name, service] of i % 2 === 0
      ? [
          ["without", without],
          ["with", withPositions],
        ]
      : [
          ["with", withPositions],
          ["without", without],
        ]) {
      const t0 = performance.now();
      const page = await service.list(userId, { parentId, limit: 100 });
      const ms = performance.now() - t0;
      if (i >= 10) times[name].push(ms);
      if (name === "with") listed = page.files.filter((f) => f.playback_position).length;
    }
  }
  const stats = (values) => {
    const sorted = [...values].sort((a, b) => a - b);
    return { p50: pct(sorted, 50), p95: pct(sorted, 95) };
  };
  return { without: stats(times.without), with: stats(times.with), listed };
}

const rows = [];
for (const [label, parentId] of [
  ["one item in five a video (root, 20,000 items)", ""],
  ["videos only (a folder of 5,000)", folderId],
]) {
  const result = await measure(parentId);
  rows.push({ label, ...result });
  console.log(label, JSON.stringify(result));
}
await database.close();
rmSync(dir, { recursive: true, force: true });

const f = (ms) => ms.toFixed(2);
const [l1, l5, l15] = loadavg().map((n) => n.toFixed(2));
writeSection(
  "playback-positions",
  `## File lists with playback positions: the same page without and with the lookup

Command: \`npx tsc -b apps/server && node bench/playback-positions.mjs\` (compiled \`FilesService.list\`, in process, SQLite; ${MIXED.toLocaleString("en")} files in the root and ${VIDEOS.toLocaleString("en")} videos in a folder, half the videos with a saved position, seeded in ${Math.round(seededMs)} ms; first page of 100 by name; ${REQUESTS} requests per cell after 10 warm-ups, the two services asked alternately so both see the same load).
Machine: ${machine()}; load average ${l1} / ${l5} / ${l15} (1/5/15 min) when it finished.

| page | positions on the page | p50 without | p50 with | p95 without | p95 with |
|---|---:|---:|---:|---:|---:|
${rows.map((r) => `| ${r.label} | ${r.listed} | ${f(r.without.p50)} ms | ${f(r.with.p50)} ms | ${f(r.without.p95)} ms | ${f(r.with.p95)} ms |`).join("\n")}
`,
);
