import type { Kysely } from "kysely";
import type { DialectName } from "../database.js";

/**
 * Operators (decision 0029): versions of the remote config document, the log of
 * admin actions, stored feedback with its replies, and install-link click counts.
 */
export function operators(_dialect: DialectName) {
  return {
    async up(db: Kysely<unknown>): Promise<void> {
      await db.schema
        .createTable("remote_config")
        .addColumn("version", "integer", (c) => c.primaryKey())
        // The whole document as JSON, validated by `remoteConfigDocumentSchema` (protocol).
        .addColumn("document", "text", (c) => c.notNull())
        .addColumn("author_user_id", "text", (c) => c.notNull())
        .addColumn("note", "text", (c) => c.notNull())
        // Set when a rollback retired this version; the current one is the newest without it.
        .addColumn("rolled_back_at", "bigint")
        .addColumn("created_at", "bigint", (c) => c.notNull())
        .execute();

      await db.schema
        .createTable("admin_actions")
        .addColumn("id", "text", (c) => c.primaryKey())
        .addColumn("admin_user_id", "text", (c) => c.notNull())
        .addColumn("action", "text", (c) => c.notNull())
        .addColumn("target", "text", (c) => c.notNull())
        .addColumn("detail", "text", (c) => c.notNull())
        .addColumn("ip", "text", (c) => c.notNull())
        .addColumn("created_at", "bigint", (c) => c.notNull())
        .execute();
      await db.schema
        .createIndex("admin_actions_created")
        .on("admin_actions")
        .columns(["created_at", "id"])
        .execute();

      await db.schema
        .createTable("feedback")
        .addColumn("id", "text", (c) => c.primaryKey())
        .addColumn("user_id", "text", (c) => c.notNull().references("users.id").onDelete("cascade"))
        .addColumn("category", "text", (c) => c.notNull())
        .addColumn("text", "text", (c) => c.notNull())
        // JSON arrays / objects: the drive files the user attached, the diagnostics they agreed to send.
        .addColumn("file_ids", "text", (c) => c.notNull())
        .addColumn("diagnostics", "text", (c) => c.notNull())
        // open | answered
        .addColumn("status", "text", (c) => c.notNull())
        .addColumn("created_at", "bigint", (c) => c.notNull())
        .execute();
      await db.schema.createIndex("feedback_user").on("feedback").columns(["user_id", "id"]).execute();
      await db.schema.createIndex("feedback_status").on("feedback").columns(["status", "id"]).execute();

      await db.schema
        .createTable("feedback_replies")
        .addColumn("id", "text", (c) => c.primaryKey())
        .addColumn("feedback_id", "text", (c) => c.notNull().references("feedback.id").onDelete("cascade"))
        .addColumn("admin_user_id", "text", (c) => c.notNull())
        .addColumn("text", "text", (c) => c.notNull())
        .addColumn("created_at", "bigint", (c) => c.notNull())
        .execute();
      await db.schema
        .createIndex("feedback_replies_feedback")
        .on("feedback_replies")
        .column("feedback_id")
        .execute();

      await db.schema
        .createTable("app_download_counts")
        .addColumn("platform", "text", (c) => c.primaryKey())
        .addColumn("count", "bigint", (c) => c.notNull().defaultTo(0))
        .execute();
    },
  };
}
