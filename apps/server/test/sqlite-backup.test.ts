import { execFileSync } from "node:child_process";
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { loadConfig } from "../src/config/config.js";
import { createTestApp, type TestApp } from "./support/test-app.js";
import { signUp } from "./support/users.js";

/** scripts/sqlite-backup.mjs, as docs/deploy.md tells an operator to run it. */
const SCRIPT = path.resolve(import.meta.dirname, "../../../scripts/sqlite-backup.mjs");
const run = (...args: string[]) => execFileSync(process.execPath, [SCRIPT, ...args], { encoding: "utf8" });

const opened: TestApp[] = [];
const dirs: string[] = [];
afterAll(async () => {
  for (const app of opened) await app.close();
  for (const dir of dirs) await rm(dir, { recursive: true, force: true });
});

describe.skipIf(Boolean(process.env.TEST_DATABASE_URL))("SQLite backup and restore (docs/deploy.md)", () => {
  it("backs up a running server's database and restores it: rows up to the backup, nothing after", async () => {
    const t = await createTestApp();
    opened.push(t);
    const { database: db } = t.config;
    if (db.kind !== "sqlite") throw new Error("needs SQLite");
    const before = await signUp(t.app, { email: "before@example.com" });
    const work = await mkdtemp(path.join(tmpdir(), "nimbus-backup-"));
    dirs.push(work);
    const backupFile = path.join(work, "nimbus.db.backup");

    expect(run("backup", db.file, backupFile)).toMatch(/integrity ok/);
    await signUp(t.app, { email: "after@example.com" }); // written after the backup
    expect(() => run("backup", db.file, backupFile)).toThrow(); // never overwrites

    // Restore into a fresh DATA_DIR (a new machine) and boot a server on it.
    const dataDir = path.join(work, "restored");
    const restoredFile = path.join(dataDir, "nimbus.db");
    await import("node:fs/promises").then((fs) => fs.mkdir(dataDir));
    expect(run("restore", backupFile, restoredFile)).toMatch(/integrity ok/);
    const config = loadConfig({ DATA_DIR: dataDir, LOG_LEVEL: "silent", NODE_ENV: "test" });
    const { openDatabase } = await import("../src/db/database.js");
    const database = await openDatabase(config.database);
    try {
      await database.migrate();
      const emails = (await database.db.selectFrom("users").select("email").execute()).map((u) => u.email);
      expect(emails).toContain(before.email);
      expect(emails).not.toContain("after@example.com");
    } finally {
      await database.close();
    }
  }, 60_000);

  it("refuses to restore a file that is not a sound SQLite database", async () => {
    const work = await mkdtemp(path.join(tmpdir(), "nimbus-backup-"));
    dirs.push(work);
    const bogus = path.join(work, "bogus.db");
    await import("node:fs/promises").then((fs) => fs.writeFile(bogus, "not a database"));
    expect(() => run("restore", bogus, path.join(work, "nimbus.db"))).toThrow();
  });
});
