// Online backup and restore of a single-node Nimbus's SQLite database (docs/deploy.md).
//   node scripts/sqlite-backup.mjs backup  <DATA_DIR/nimbus.db> <backup file>
//     While the server runs: SQLite's online backup API copies a consistent snapshot
//     (writes go on meanwhile), then the copy's integrity is checked.
//   node scripts/sqlite-backup.mjs restore <backup file> <DATA_DIR/nimbus.db>
//     With the server stopped: checks the backup, moves the current database (and its
//     -wal/-shm) aside as <name>.before-restore-<time>, and puts the backup in its place.
// Exits non-zero with a message on any failure.
import { copyFileSync, existsSync, renameSync } from "node:fs";
import Database from "better-sqlite3";

function checkIntegrity(file) {
  const db = new Database(file, { readonly: true, fileMustExist: true });
  try {
    const answer = db.pragma("integrity_check", { simple: true });
    if (answer !== "ok") throw new Error(`${file}: integrity_check answered ${answer}`);
    return db.prepare("select count(*) as n from sqlite_master where type = 'table'").get().n;
  } finally {
    db.close();
  }
}

export async function backup(source, target) {
  if (existsSync(target)) throw new Error(`${target} exists; refusing to overwrite a backup`);
  const db = new Database(source, { fileMustExist: true });
  try {
    await db.backup(target);
  } finally {
    db.close();
  }
  return checkIntegrity(target);
}

export function restore(source, target) {
  const tables = checkIntegrity(source);
  const stamp = new Date().toISOString().replace(/[:.]/g, "-");
  for (const suffix of ["", "-wal", "-shm"]) {
    if (existsSync(target + suffix))
      renameSync(target + suffix, `${target}.before-restore-${stamp}${suffix}`);
  }
  copyFileSync(source, target);
  return tables;
}

const [command, source, target] = process.argv.slice(2);
if (import.meta.url === `file://${process.argv[1]}`) {
  try {
    if (command === "backup" && source && target) {
      console.log(`backed up ${source} to ${target} (${await backup(source, target)} tables, integrity ok)`);
    } else if (command === "restore" && source && target) {
      console.log(`restored ${source} to ${target} (${restore(source, target)} tables, integrity ok)`);
    } else {
      console.error("usage: node scripts/sqlite-backup.mjs backup|restore <from> <to>");
      process.exit(2);
    }
  } catch (error) {
    console.error(`sqlite-backup: ${error.message}`);
    process.exit(1);
  }
}
