import { existsSync, mkdtempSync, rmSync, statSync } from "node:fs";
import { createRequire } from "node:module";
import { tmpdir } from "node:os";
import path from "node:path";
import SQLite from "better-sqlite3";
import { afterEach, describe, expect, it } from "vitest";
import { FALLBACK_AUTOCHECKPOINT_PAGES, WalCheckpointer } from "./wal-checkpointer.js";

const DRIVER = createRequire(import.meta.url).resolve("better-sqlite3");
const LIMIT = 256 * 1024;

const dirs: string[] = [];
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

function openWal() {
  const dir = mkdtempSync(path.join(tmpdir(), "nimbus-wal-"));
  dirs.push(dir);
  const file = path.join(dir, "db.sqlite");
  const connection = new SQLite(file);
  connection.pragma("journal_mode = WAL");
  connection.pragma("synchronous = NORMAL");
  connection.exec("create table t (n integer primary key, pad text)");
  return { file, connection };
}

/** About `bytes` of new rows in one transaction. */
function write(connection: SQLite.Database, bytes: number) {
  const insert = connection.prepare("insert into t (pad) values (?)");
  connection.transaction(() => {
    for (let written = 0; written < bytes; written += 1000) insert.run("x".repeat(1000));
  })();
}

async function until(condition: () => boolean, ms = 5000) {
  const deadline = Date.now() + ms;
  while (!condition()) {
    if (Date.now() > deadline) throw new Error("timed out");
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}

describe("WalCheckpointer", () => {
  it("takes the connection's checkpoints off it and makes them on a worker once the WAL is past the limit", async () => {
    const { file, connection } = openWal();
    const checkpointer = new WalCheckpointer(connection, file, DRIVER, {
      checkpointAtBytes: LIMIT,
      pollMs: 10,
    });
    expect(connection.pragma("wal_autocheckpoint", { simple: true })).toBe(FALLBACK_AUTOCHECKPOINT_PAGES);

    write(connection, LIMIT / 4);
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(checkpointer.completed).toBe(0); // below the limit: nothing to do

    // 1 MiB: under SQLite's own threshold (1,000 pages), so only the worker can checkpoint it.
    write(connection, 4 * LIMIT);
    expect(statSync(`${file}-wal`).size).toBeGreaterThan(LIMIT);
    expect(statSync(file).size).toBeLessThan(LIMIT); // the rows are in the WAL only
    await until(() => checkpointer.completed > 0);
    // The worker copied them into the database file, and the next write starts the WAL
    // over, cut back to the limit.
    expect(statSync(file).size).toBeGreaterThan(4 * LIMIT);
    write(connection, 1000);
    expect(statSync(`${file}-wal`).size).toBeLessThanOrEqual(LIMIT);

    await checkpointer.close();
    connection.close();
    expect(existsSync(`${file}-wal`)).toBe(false); // the last connection closed cleanly
    const reopened = new SQLite(file, { readonly: true });
    expect(reopened.prepare("select count(*) as n from t").get()).toEqual({ n: expect.any(Number) });
    reopened.close();
  });

  it("does not checkpoint again while nothing was written, and stops an idle worker", async () => {
    const { file, connection } = openWal();
    const checkpointer = new WalCheckpointer(connection, file, DRIVER, {
      checkpointAtBytes: LIMIT,
      pollMs: 10,
      idleMs: 50,
    });
    write(connection, 2 * LIMIT);
    await until(() => checkpointer.completed === 1);
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(checkpointer.completed).toBe(1);
    expect((checkpointer as unknown as { worker?: unknown }).worker).toBeUndefined();

    write(connection, 2 * LIMIT); // a new worker for new work
    await until(() => checkpointer.completed === 2);
    await checkpointer.close();
    connection.close();
  });

  it("gives the connection its own checkpoints back when the worker cannot make them", async () => {
    const { file, connection } = openWal();
    const checkpointer = new WalCheckpointer(connection, file, "/nonexistent/driver.js", {
      checkpointAtBytes: LIMIT,
      pollMs: 10,
    });
    write(connection, 2 * LIMIT);
    await until(() => connection.pragma("wal_autocheckpoint", { simple: true }) === 1000);
    expect(checkpointer.completed).toBe(0);
    await checkpointer.close();
    connection.close();
  });
});
