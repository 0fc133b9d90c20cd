import { type Kysely, sql } from "kysely";
import type { DialectName } from "../database.js";

/** Users, sessions, content-addressed blobs and one tree of files per user. */
export function initial(dialect: DialectName) {
  // Names sort by code point on both dialects: Postgres gets the "C" collation,
  // SQLite's default BINARY collation already is.
  const byteOrder = dialect === "postgres" ? sql`collate "C"` : sql``;
  return {
    async up(db: Kysely<unknown>): Promise<void> {
      await db.schema
        .createTable("users")
        .addColumn("id", "text", (c) => c.primaryKey())
        .addColumn("email", "text", (c) => c.notNull().unique())
        .addColumn("name", "text", (c) => c.notNull())
        .addColumn("password_hash", "text")
        .addColumn("status", "text", (c) => c.notNull())
        .addColumn("vip_type", "text", (c) => c.notNull())
        .addColumn("storage_usage", "bigint", (c) => c.notNull().defaultTo(0))
        .addColumn("created_at", "bigint", (c) => c.notNull())
        .addColumn("updated_at", "bigint", (c) => c.notNull())
        .execute();

      await db.schema
        .createTable("sessions")
        .addColumn("id", "text", (c) => c.primaryKey())
        .addColumn("user_id", "text", (c) => c.notNull().references("users.id").onDelete("cascade"))
        .addColumn("client_id", "text", (c) => c.notNull())
        .addColumn("access_token_hash", "text", (c) => c.notNull().unique())
        .addColumn("access_expires_at", "bigint", (c) => c.notNull())
        .addColumn("refresh_token_hash", "text", (c) => c.notNull().unique())
        .addColumn("refresh_expires_at", "bigint", (c) => c.notNull())
        .addColumn("created_at", "bigint", (c) => c.notNull())
        .addColumn("last_used_at", "bigint", (c) => c.notNull())
        .addColumn("revoked_at", "bigint")
        .execute();
      await db.schema.createIndex("sessions_user").on("sessions").column("user_id").execute();

      await db.schema
        .createTable("blobs")
        .addColumn("gcid", "text", (c) => c.primaryKey())
        .addColumn("sha256", "text", (c) => c.notNull())
        .addColumn("size", "bigint", (c) => c.notNull())
        .addColumn("ref_count", "integer", (c) => c.notNull())
        .addColumn("created_at", "bigint", (c) => c.notNull())
        .addColumn("unreferenced_at", "bigint")
        .execute();

      await db.schema
        .createTable("files")
        .addColumn("id", "text", (c) => c.primaryKey())
        .addColumn("user_id", "text", (c) => c.notNull().references("users.id").onDelete("cascade"))
        .addColumn("parent_id", "text", (c) => c.notNull())
        .addColumn("kind", "text", (c) => c.notNull())
        .addColumn("name", "text", (c) => c.notNull().modifyEnd(byteOrder))
        .addColumn("size", "bigint", (c) => c.notNull())
        .addColumn("blob_gcid", "text", (c) => c.references("blobs.gcid"))
        .addColumn("mime_type", "text", (c) => c.notNull())
        .addColumn("phase", "text", (c) => c.notNull())
        .addColumn("trashed_at", "bigint")
        .addColumn("starred_at", "bigint")
        .addColumn("created_at", "bigint", (c) => c.notNull())
        .addColumn("modified_at", "bigint", (c) => c.notNull())
        .execute();
      // One live name per folder; trashed items step out of the way.
      await db.schema
        .createIndex("files_live_name")
        .on("files")
        .columns(["user_id", "parent_id", "name"])
        .unique()
        .where(sql.ref("trashed_at"), "is", null)
        .execute();
      await db.schema
        .createIndex("files_children")
        .on("files")
        .columns(["user_id", "parent_id", "name", "id"])
        .execute();
      await db.schema.createIndex("files_blob").on("files").column("blob_gcid").execute();
    },
  };
}
