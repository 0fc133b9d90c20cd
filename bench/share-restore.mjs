// Saving a share of 10,000 files in 50 folders: request to `restore` task COMPLETE,
// with the blob store's writes counted, next to the engine's own metadata-only copy of the
// same tree (`files:batchCopy`) in the same run.
//   node bench/share-restore.mjs          (re-executes itself under tsx with the source build)
//   BENCH_RUNS=10 node bench/share-restore.mjs
// In-process: the app is built from source with the integration tests' harness (a SQLite
// file and local blobs in a temporary DATA_DIR, the real job queue) and driven through
// `inject()`, so no HTTP or build step is timed, only the server's work.
import { spawnSync } from "node:child_process";
import { randomBytes } from "node:crypto";
import { loadavg } from "node:os";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { dirBytes, machine, median, ROOT, sleep, writeSection } from "./lib.mjs";

if (!process.env.NIMBUS_BENCH_CHILD) {
  const child = spawnSync(
    process.execPath,
    ["--conditions=@nimbus/source", "--import", "tsx", path.join(ROOT, "bench/share-restore.mjs")],
    { stdio: "inherit", cwd: ROOT, env: { ...process.env, NIMBUS_BENCH_CHILD: "1" } },
  );
  process.exit(child.status ?? 1);
}

const FOLDERS = 50;
const PER_FOLDER = 200;
const FILES = FOLDERS * PER_FOLDER;
const RUNS = Number(process.env.BENCH_RUNS ?? 5);
const TARGET_MS = 300; // issue #17 item 8

const load = (file) => import(pathToFileURL(path.join(ROOT, file)).href);
const { createTestApp } = await load("apps/server/test/support/test-app.ts");
const { signUp } = await load("apps/server/test/support/users.ts");
const { newId } = await load("apps/server/src/lib/ids.ts");

let blobWrites = 0;
const counting = (store) =>
  Object.assign(Object.create(store), {
    put: (...args) => {
      blobWrites++;
      return store.put(...args);
    },
    ...(store.adopt && {
      adopt: (...args) => {
        blobWrites++;
        return store.adopt(...args);
      },
    }),
  });

const t = await createTestApp({ env: { LOG_LEVEL: "silent" }, wrapBlobs: counting });
try {
  const call = async (user, method, url, payload) => {
    const response = await t.app.inject({ method, url, headers: user.auth, ...(payload ? { payload } : {}) });
    if (response.statusCode !== 200) throw new Error(`${method} ${url}: ${response.body}`);
    return response.json();
  };
  const sharer = await signUp(t.app);
  const saver = await signUp(t.app);

  // A few real uploads; the seeded rows reference their blobs.
  const blobs = [];
  for (let i = 1; i <= 8; i++) {
    const bytes = randomBytes(i * 512);
    const created = await call(sharer, "POST", "/drive/v1/files", {
      kind: "drive#file",
      name: `source-${i}.bin`,
      size: String(bytes.length),
      upload_type: "UPLOAD_TYPE_FORM",
    });
    const put = await t.app.inject({
      method: "PUT",
      url: new URL(created.form.url).pathname,
      headers: { ...sharer.auth, "content-type": "application/octet-stream" },
      payload: bytes,
    });
    blobs.push({ gcid: put.json().hash, size: bytes.length });
  }
  const root = (await call(sharer, "POST", "/drive/v1/files", { kind: "drive#folder", name: "Shared" })).file;

  // 50 folders of 200 files each under the shared root, straight into the database.
  const seeding = performance.now();
  const { db } = t.database;
  const now = Date.now();
  const rows = [];
  const refs = new Map();
  let bytes = 0;
  const row = (parentId, kind, name, blob) => ({
    id: newId(now),
    user_id: sharer.id,
    parent_id: parentId,
    kind,
    name,
    name_folded: name,
    size: blob?.size ?? 0,
    blob_gcid: blob?.gcid ?? null,
    mime_type: blob ? "application/octet-stream" : "",
    phase: "PHASE_TYPE_COMPLETE",
    trashed_at: null,
    trash_path: null,
    starred_at: null,
    created_at: now,
    modified_at: now,
  });
  for (let f = 0; f < FOLDERS; f++) {
    const folder = row(root.id, "drive#folder", `folder ${String(f).padStart(2, "0")}`);
    rows.push(folder);
    for (let i = 0; i < PER_FOLDER; i++) {
      const blob = blobs[(f * PER_FOLDER + i) % blobs.length];
      rows.push(row(folder.id, "drive#file", `file ${String(i).padStart(3, "0")}.bin`, blob));
      refs.set(blob.gcid, (refs.get(blob.gcid) ?? 0) + 1);
      bytes += blob.size;
    }
  }
  await db.transaction().execute(async (trx) => {
    for (let i = 0; i < rows.length; i += 500)
      await trx
        .insertInto("files")
        .values(rows.slice(i, i + 500))
        .execute();
    for (const [gcid, n] of refs)
      await trx
        .updateTable("blobs")
        .set((eb) => ({ ref_count: eb("ref_count", "+", n) }))
        .where("gcid", "=", gcid)
        .execute();
    await trx
      .updateTable("users")
      .set((eb) => ({ storage_usage: eb("storage_usage", "+", bytes) }))
      .where("id", "=", sharer.id)
      .execute();
  });
  const seedMs = performance.now() - seeding;

  const share = await call(sharer, "POST", "/drive/v1/share", {
    file_ids: [root.id],
    pass_code_option: "REQUIRED",
  });
  const { pass_code_token } = await call(
    saver,
    "GET",
    `/drive/v1/share?share_id=${share.share_id}&pass_code=${share.pass_code}`,
  );

  const untilDone = async (user, taskId) => {
    for (;;) {
      const task = await call(user, "GET", `/drive/v1/tasks/${taskId}`);
      if (task.phase === "PHASE_TYPE_COMPLETE") return task;
      if (task.phase === "PHASE_TYPE_ERROR") throw new Error(`task failed: ${task.message}`);
      await sleep(2);
    }
  };
  const blobDir = path.join(t.config.dataDir, "blobs");
  const measure = async (work) => {
    const writes = blobWrites;
    const dir = dirBytes(blobDir);
    const started = performance.now();
    const task = await work();
    const ms = performance.now() - started;
    const copied = await call(task.user, "GET", `/drive/v1/files?parent_id=${task.file_id}&limit=100`);
    if (copied.files.length !== FOLDERS) throw new Error(`the copy has ${copied.files.length} folders`);
    return { ms, writes: blobWrites - writes, dirBytes: dirBytes(blobDir) - dir };
  };
  const restore = () =>
    measure(async () => {
      const answer = await call(saver, "POST", "/drive/v1/share/restore", {
        share_id: share.share_id,
        pass_code_token,
      });
      if (answer.restore_status !== "RESTORE_START") throw new Error(`unexpected ${answer.restore_status}`);
      return { ...(await untilDone(saver, answer.restore_task_id)), user: saver };
    });
  const copy = () =>
    measure(async () => {
      const answer = await call(sharer, "POST", "/drive/v1/files:batchCopy", {
        ids: [root.id],
        to: { parent_id: "" },
      });
      return { ...(await untilDone(sharer, answer.task_id)), user: sharer };
    });

  const restores = [];
  const copies = [];
  for (let run = 0; run < RUNS; run++) {
    restores.push(await restore());
    copies.push(await copy());
  }
  const restoreMs = median(restores.map((r) => r.ms));
  const copyMs = median(copies.map((r) => r.ms));
  const written = restores.reduce((sum, r) => sum + r.writes + r.dirBytes, 0);
  const pass = restoreMs <= TARGET_MS && Math.max(...restores.map((r) => r.ms)) <= TARGET_MS && written === 0;
  const fmt = (list) => list.map((r) => r.ms.toFixed(0)).join(", ");
  writeSection(
    "share-restore",
    `## Shares: saving a share of 10,000 files in 50 folders

Command: \`node bench/share-restore.mjs\` (in-process from source under tsx: the integration harness's app on a SQLite file and local blobs, the real job queue, calls through \`inject()\`; ${FILES.toLocaleString("en")} files in ${FOLDERS} folders seeded under one shared folder in ${seedMs.toFixed(0)} ms; ${RUNS} runs of each, alternating).
Machine: ${machine()}; load average ${loadavg()
      .map((n) => n.toFixed(2))
      .join(" / ")} (1/5/15 min) when it finished.
Target: a save of the whole share (\`POST /drive/v1/share/restore\` → \`restore\` task COMPLETE) ≤ ${TARGET_MS} ms with zero bytes written to blob storage. **${pass ? "Met" : "NOT met"}.**

| operation (${(FILES + FOLDERS + 1).toLocaleString("en")} rows) | median ms | runs ms | blob store writes | blob directory growth |
|---|---:|---|---:|---:|
| save the share into another user's drive (\`share/restore\`) | ${restoreMs.toFixed(0)} | ${fmt(restores)} | ${restores.reduce((s, r) => s + r.writes, 0)} | ${restores.reduce((s, r) => s + r.dirBytes, 0)} bytes |
| reference: the owner's copy of the same tree (\`files:batchCopy\`) | ${copyMs.toFixed(0)} | ${fmt(copies)} | ${copies.reduce((s, r) => s + r.writes, 0)} | ${copies.reduce((s, r) => s + r.dirBytes, 0)} bytes |

Ratio save / copy: **${(restoreMs / copyMs).toFixed(2)}** (both are the same \`copyTrees\` write; the save adds the share-link check, the snapshot walk and the restore-limit update).`,
  );
  console.log(
    `restore: ${fmt(restores)} ms (median ${restoreMs.toFixed(0)}); copy: ${fmt(copies)} ms (median ${copyMs.toFixed(0)}); blob writes ${written}`,
  );
  process.exitCode = pass ? 0 : 1;
} finally {
  await t.close();
}
