import type { Kysely } from "kysely";
import type { DialectName } from "../database.js";

/**
 * Sharing: share links with the snapshot of the item ids they share,
 * their counters, moderation (GCIDs an admin prohibited, abuse reports) and the
 * users' role (`user` or `admin`, which every `/audit` call checks).
 */
export function shares(_dialect: DialectName) {
  return {
    async up(db: Kysely<unknown>): Promise<void> {
      await db.schema
        .alterTable("users")
        .addColumn("role", "text", (c) => c.notNull().defaultTo("user"))
        .execute();

      await db.schema
        .createTable("shares")
        .addColumn("id", "text", (c) => c.primaryKey())
        .addColumn("user_id", "text", (c) => c.notNull().references("users.id").onDelete("cascade"))
        .addColumn("title", "text", (c) => c.notNull())
        .addColumn("share_to", "text", (c) => c.notNull())
        .addColumn("pass_code", "text", (c) => c.notNull())
        .addColumn("file_count", "integer", (c) => c.notNull())
        .addColumn("expiration_days", "integer", (c) => c.notNull())
        .addColumn("expires_at", "bigint")
        .addColumn("restore_limit", "integer", (c) => c.notNull())
        .addColumn("restore_count", "integer", (c) => c.notNull().defaultTo(0))
        .addColumn("view_count", "bigint", (c) => c.notNull().defaultTo(0))
        .addColumn("download_count", "bigint", (c) => c.notNull().defaultTo(0))
        // none | pending | approved | rejected (the optional review queue)
        .addColumn("review", "text", (c) => c.notNull())
        .addColumn("deleted_at", "bigint")
        .addColumn("created_at", "bigint", (c) => c.notNull())
        .execute();
      await db.schema
        .createIndex("shares_user")
        .on("shares")
        .columns(["user_id", "created_at", "id"])
        .execute();
      await db.schema.createIndex("shares_review").on("shares").columns(["review", "id"]).execute();

      // The snapshot: which of the owner's items the share names (what a visitor sees is their live tree).
      await db.schema
        .createTable("share_files")
        .addColumn("share_id", "text", (c) => c.notNull().references("shares.id").onDelete("cascade"))
        .addColumn("file_id", "text", (c) => c.notNull())
        .addColumn("position", "integer", (c) => c.notNull())
        .addPrimaryKeyConstraint("share_files_pk", ["share_id", "file_id"])
        .execute();
      await db.schema.createIndex("share_files_file").on("share_files").column("file_id").execute();

      await db.schema
        .createTable("blocked_gcids")
        .addColumn("gcid", "text", (c) => c.primaryKey())
        // PROHIBITED | SENSITIVE_RESOURCE
        .addColumn("verdict", "text", (c) => c.notNull())
        .addColumn("blocked_by", "text", (c) => c.notNull())
        .addColumn("created_at", "bigint", (c) => c.notNull())
        .execute();

      await db.schema
        .createTable("share_reports")
        .addColumn("id", "text", (c) => c.primaryKey())
        .addColumn("share_id", "text", (c) => c.notNull().references("shares.id").onDelete("cascade"))
        .addColumn("reporter_user_id", "text", (c) => c.notNull())
        .addColumn("reporter_ip", "text", (c) => c.notNull())
        .addColumn("reason", "text", (c) => c.notNull())
        .addColumn("description", "text", (c) => c.notNull())
        .addColumn("created_at", "bigint", (c) => c.notNull())
        .execute();
      await db.schema.createIndex("share_reports_share").on("share_reports").column("share_id").execute();
    },
  };
}
