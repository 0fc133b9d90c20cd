import { type Kysely, sql } from "kysely";
import type { DialectName } from "../database.js";

/**
 * `blobs.sha256` may be NULL: uploads store a blob under its GCID without computing
 * SHA-256 on the way in; the first instant-upload claim that needs it computes it
 * from the stored bytes and keeps it (decision 0009). SQLite cannot drop NOT NULL,
 * so there the table is rebuilt (the documented create–copy–drop–rename), its
 * index made again.
 */
export function lazyBlobSha256(dialect: DialectName) {
  return {
    async up(db: Kysely<unknown>): Promise<void> {
      if (dialect === "postgres") {
        await sql`alter table blobs alter column sha256 drop not null`.execute(db);
        return;
      }
      await rebuildBlobsOnSqlite(db);
    },
  };
}

async function rebuildBlobsOnSqlite(db: Kysely<unknown>): Promise<void> {
  const { rows } = await sql<{ sql: string }>`
    select sql from sqlite_master where type = 'table' and name = 'blobs'`.execute(db);
  const original = rows[0]?.sql;
  if (!original) throw new Error("blobs table not found");
  const rebuilt = original
    .replace(/^create table "blobs"/i, 'create table "blobs_rebuild"')
    .replace(/"sha256" text not null/i, '"sha256" text');
  if (rebuilt === original || !/"blobs_rebuild"/.test(rebuilt) || /"sha256" text not null/i.test(rebuilt)) {
    throw new Error(`unexpected blobs table definition: ${original}`);
  }
  await sql`pragma foreign_keys = off`.execute(db);
  try {
    await sql`begin`.execute(db);
    try {
      await sql.raw(rebuilt).execute(db);
      await sql`insert into blobs_rebuild select * from blobs`.execute(db);
      await sql`drop table blobs`.execute(db);
      await sql`alter table blobs_rebuild rename to blobs`.execute(db);
      await sql`create index "blobs_unreferenced" on "blobs" ("unreferenced_at") where "ref_count" = 0`.execute(
        db,
      );
      const { rows: broken } = await sql`pragma foreign_key_check`.execute(db);
      if (broken.length > 0) throw new Error("foreign key check failed after rebuilding blobs");
      await sql`commit`.execute(db);
    } catch (error) {
      await sql`rollback`.execute(db);
      throw error;
    }
  } finally {
    await sql`pragma foreign_keys = on`.execute(db);
  }
}
