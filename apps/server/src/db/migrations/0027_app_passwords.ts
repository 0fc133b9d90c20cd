import type { Kysely } from "kysely";
import type { DialectName } from "../database.js";

/**
 * App passwords (`app_passwords`): a password of its own for each app a user connects over
 * WebDAV, stored as the SHA-256 of its 100 random bits, with when and from where it was
 * last used. A revoked one is deleted.
 */
export function appPasswords(_dialect: DialectName) {
  return {
    async up(db: Kysely<unknown>): Promise<void> {
      await db.schema
        .createTable("app_passwords")
        .addColumn("id", "text", (c) => c.primaryKey())
        .addColumn("user_id", "text", (c) => c.notNull().references("users.id").onDelete("cascade"))
        .addColumn("name", "text", (c) => c.notNull())
        .addColumn("secret_hash", "text", (c) => c.notNull())
        .addColumn("created_at", "bigint", (c) => c.notNull())
        .addColumn("last_used_at", "bigint")
        .addColumn("last_ip", "text", (c) => c.notNull().defaultTo(""))
        .execute();
      await db.schema
        .createIndex("app_passwords_user_secret")
        .on("app_passwords")
        .columns(["user_id", "secret_hash"])
        .unique()
        .execute();
    },
  };
}
