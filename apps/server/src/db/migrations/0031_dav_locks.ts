import type { Kysely } from "kysely";
import type { DialectName } from "../database.js";

/**
 * WebDAV write locks (`dav_locks`, RFC 4918 §6–7, class 2): one row per lock token, on the
 * path (decoded names joined by `/`, '' the root) of a user's drive, with its depth, scope,
 * the owner XML the client sent and when it expires. In the database so every node of a
 * cluster honours a lock taken through another.
 */
export function davLocks(_dialect: DialectName) {
  return {
    async up(db: Kysely<unknown>): Promise<void> {
      await db.schema
        .createTable("dav_locks")
        .addColumn("token", "text", (c) => c.primaryKey())
        .addColumn("user_id", "text", (c) => c.notNull().references("users.id").onDelete("cascade"))
        .addColumn("path", "text", (c) => c.notNull())
        .addColumn("depth", "text", (c) => c.notNull())
        .addColumn("scope", "text", (c) => c.notNull())
        .addColumn("owner", "text", (c) => c.notNull())
        .addColumn("timeout_seconds", "integer", (c) => c.notNull())
        .addColumn("created_at", "bigint", (c) => c.notNull())
        .addColumn("expires_at", "bigint", (c) => c.notNull())
        .execute();
      await db.schema
        .createIndex("dav_locks_user")
        .on("dav_locks")
        .columns(["user_id", "expires_at"])
        .execute();
    },
  };
}
