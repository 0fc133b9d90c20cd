import type { Kysely } from "kysely";
import type { DialectName } from "../database.js";

/**
 * Uploads: storage reserved while bytes are on their way (`users.storage_reserved`),
 * one row per upload session (form or tus) pointing at its pending file, and the
 * byte-range challenges that guard instant uploads.
 */
export function uploads(_dialect: DialectName) {
  return {
    async up(db: Kysely<unknown>): Promise<void> {
      await db.schema
        .alterTable("users")
        .addColumn("storage_reserved", "bigint", (c) => c.notNull().defaultTo(0))
        .execute();

      await db.schema
        .createTable("uploads")
        .addColumn("id", "text", (c) => c.primaryKey())
        .addColumn("user_id", "text", (c) => c.notNull().references("users.id").onDelete("cascade"))
        // No foreign key: the upload outlives a deleted pending file until expiry releases its reservation.
        .addColumn("file_id", "text", (c) => c.notNull())
        .addColumn("kind", "text", (c) => c.notNull())
        .addColumn("state", "text", (c) => c.notNull())
        .addColumn("size", "bigint", (c) => c.notNull())
        .addColumn("declared_gcid", "text")
        .addColumn("declared_sha256", "text")
        .addColumn("created_at", "bigint", (c) => c.notNull())
        .addColumn("expires_at", "bigint", (c) => c.notNull())
        .execute();
      await db.schema.createIndex("uploads_file").on("uploads").column("file_id").unique().execute();
      await db.schema.createIndex("uploads_expiry").on("uploads").column("expires_at").execute();

      await db.schema
        .createTable("upload_challenges")
        .addColumn("id", "text", (c) => c.primaryKey())
        .addColumn("user_id", "text", (c) => c.notNull().references("users.id").onDelete("cascade"))
        .addColumn("upload_id", "text", (c) => c.notNull().references("uploads.id").onDelete("cascade"))
        .addColumn("range_start", "bigint", (c) => c.notNull())
        .addColumn("range_end", "bigint", (c) => c.notNull())
        .addColumn("expires_at", "bigint", (c) => c.notNull())
        .execute();
      await db.schema
        .createIndex("upload_challenges_expiry")
        .on("upload_challenges")
        .column("expires_at")
        .execute();
    },
  };
}
