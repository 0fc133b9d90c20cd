import { type Kysely, sql } from "kysely";
import { foldName } from "../../lib/fold-name.js";
import type { DialectName } from "../database.js";

/**
 * The files engine: the persisted job queue, user-visible tasks, the activity
 * feed, trash bookkeeping (where an item came from) and the indexes that make
 * every list order of a 100,000-item folder a keyset range scan.
 */
export function filesEngine(dialect: DialectName) {
  return {
    async up(db: Kysely<unknown>): Promise<void> {
      await db.schema
        .createTable("jobs")
        .addColumn("id", "text", (c) => c.primaryKey())
        .addColumn("type", "text", (c) => c.notNull())
        .addColumn("payload", "text", (c) => c.notNull())
        .addColumn("key", "text")
        .addColumn("state", "text", (c) => c.notNull())
        .addColumn("attempts", "integer", (c) => c.notNull())
        .addColumn("max_attempts", "integer", (c) => c.notNull())
        .addColumn("run_at", "bigint", (c) => c.notNull())
        .addColumn("locked_until", "bigint")
        .addColumn("locked_by", "text")
        .addColumn("last_error", "text")
        .addColumn("created_at", "bigint", (c) => c.notNull())
        .addColumn("updated_at", "bigint", (c) => c.notNull())
        .execute();
      await db.schema.createIndex("jobs_due").on("jobs").columns(["state", "run_at"]).execute();
      // At most one live (pending or running) job per key; finished jobs drop their key.
      await db.schema.createIndex("jobs_key").on("jobs").column("key").unique().execute();

      await filesColumns(db, dialect);
      await listIndexes(db);
      await tasksAndEvents(db);

      await db.schema
        .createTable("blob_orphans")
        .addColumn("gcid", "text", (c) => c.primaryKey())
        .addColumn("first_seen_at", "bigint", (c) => c.notNull())
        .execute();
      await db.schema
        .createIndex("blobs_unreferenced")
        .on("blobs")
        .column("unreferenced_at")
        .where(sql.ref("ref_count"), "=", 0)
        .execute();
    },
  };
}

/**
 * `name_folded` (lower-cased name, for case-insensitive search) and `trash_path`
 * (set on an item trashed explicitly: the JSON names of its ancestors at that
 * moment, so untrash can recreate a vanished folder path).
 */
async function filesColumns(db: Kysely<unknown>, dialect: DialectName): Promise<void> {
  await db.schema
    .alterTable("files")
    .addColumn("name_folded", "text", (c) => c.notNull().defaultTo(""))
    .execute();
  await db.schema.alterTable("files").addColumn("trash_path", "text").execute();
  if (dialect === "postgres") {
    // Byte order for mime types as for names, so every list order is the same on both databases.
    await sql`alter table files alter column mime_type type text collate "C"`.execute(db);
  }
  const files = db as unknown as Kysely<{ files: { id: string; name: string; name_folded: string } }>;
  let after = "";
  for (;;) {
    const rows = await files
      .selectFrom("files")
      .select(["id", "name"])
      .where("id", ">", after)
      .orderBy("id")
      .limit(1000)
      .execute();
    for (const row of rows) {
      await files
        .updateTable("files")
        .set({ name_folded: foldName(row.name) })
        .where("id", "=", row.id)
        .execute();
    }
    const last = rows.at(-1);
    if (!last) break;
    after = last.id;
  }
}

/**
 * One partial index per list order over live items, with `kind` right after the
 * folder: a page is one or two index range scans (folders, then files, or both
 * merged), whatever the order, the direction or the size of the folder.
 */
async function listIndexes(db: Kysely<unknown>): Promise<void> {
  const orders: Record<string, string[]> = {
    name: ["name", "id"],
    modified: ["modified_at", "id"],
    size: ["size", "id"],
    type: ["mime_type desc", "name", "id"],
  };
  for (const [order, columns] of Object.entries(orders)) {
    await db.schema
      .createIndex(`files_live_by_${order}`)
      .on("files")
      .columns(["user_id", "parent_id", "kind", ...columns])
      .where(sql.ref("trashed_at"), "is", null)
      .execute();
  }
  await db.schema
    .createIndex("files_trash_roots")
    .on("files")
    .columns(["user_id", "trashed_at"])
    .where(sql.ref("trash_path"), "is not", null)
    .execute();
  // The trash of one user (usage_in_trash, empty trash); the expiry job reads it whole.
  await db.schema
    .createIndex("files_trashed")
    .on("files")
    .columns(["user_id", "trashed_at"])
    .where(sql.ref("trashed_at"), "is not", null)
    .execute();
  await db.schema
    .createIndex("files_starred")
    .on("files")
    .columns(["user_id", "starred_at"])
    .where(sql.ref("starred_at"), "is not", null)
    .execute();
}

async function tasksAndEvents(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable("tasks")
    .addColumn("id", "text", (c) => c.primaryKey())
    .addColumn("user_id", "text", (c) => c.notNull().references("users.id").onDelete("cascade"))
    .addColumn("type", "text", (c) => c.notNull())
    .addColumn("name", "text", (c) => c.notNull())
    .addColumn("phase", "text", (c) => c.notNull())
    .addColumn("progress", "integer", (c) => c.notNull())
    .addColumn("file_id", "text", (c) => c.notNull())
    .addColumn("file_name", "text", (c) => c.notNull())
    .addColumn("message", "text", (c) => c.notNull())
    .addColumn("params", "text", (c) => c.notNull())
    .addColumn("created_at", "bigint", (c) => c.notNull())
    .addColumn("updated_at", "bigint", (c) => c.notNull())
    .execute();
  await db.schema.createIndex("tasks_user").on("tasks").columns(["user_id", "id"]).execute();

  await db.schema
    .createTable("events")
    .addColumn("id", "text", (c) => c.primaryKey())
    .addColumn("user_id", "text", (c) => c.notNull().references("users.id").onDelete("cascade"))
    .addColumn("type", "text", (c) => c.notNull())
    .addColumn("file_id", "text", (c) => c.notNull())
    .addColumn("file_name", "text", (c) => c.notNull())
    .addColumn("file_kind", "text", (c) => c.notNull())
    .addColumn("parent_id", "text", (c) => c.notNull())
    .addColumn("created_at", "bigint", (c) => c.notNull())
    .execute();
  await db.schema.createIndex("events_user").on("events").columns(["user_id", "id"]).execute();
  await db.schema.createIndex("events_created").on("events").column("created_at").execute();
}
