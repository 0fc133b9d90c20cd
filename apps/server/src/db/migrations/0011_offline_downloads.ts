import type { Kysely } from "kysely";
import type { DialectName } from "../database.js";

/**
 * Cloud download (decision 0025). `offline_contents`: what a finished fetch stored,
 * by the content key of its manifest (`btih:<hex>` for a torrent, `url:<sha256>` for
 * a web file with validators), one row per manifest file, so the next task with the
 * same key completes by reference. `offline_folders`: each user's "My Downloads".
 */
export function offlineDownloads(_dialect: DialectName) {
  return {
    async up(db: Kysely<unknown>): Promise<void> {
      await db.schema
        .createTable("offline_contents")
        .addColumn("content_key", "text", (c) => c.notNull())
        .addColumn("file_index", "integer", (c) => c.notNull())
        .addColumn("path", "text", (c) => c.notNull())
        .addColumn("gcid", "text", (c) => c.notNull())
        .addColumn("size", "bigint", (c) => c.notNull())
        .addColumn("created_at", "bigint", (c) => c.notNull())
        .addPrimaryKeyConstraint("offline_contents_pk", ["content_key", "file_index"])
        .execute();

      await db.schema
        .createTable("offline_folders")
        .addColumn("user_id", "text", (c) => c.primaryKey().references("users.id").onDelete("cascade"))
        .addColumn("folder_id", "text", (c) => c.notNull())
        .execute();
    },
  };
}
