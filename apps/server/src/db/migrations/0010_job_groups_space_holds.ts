import type { Kysely } from "kysely";
import type { DialectName } from "../database.js";

/**
 * Jobs may belong to a group (`group_key`, e.g. the user a decompress runs for), so a
 * job type can run a bounded number per group at once. `space_holds`: storage held
 * for background work that will add bytes to a drive (archive extraction), counted
 * in `users.storage_reserved` until the work charges or gives it back.
 */
export function jobGroupsSpaceHolds(_dialect: DialectName) {
  return {
    async up(db: Kysely<unknown>): Promise<void> {
      await db.schema.alterTable("jobs").addColumn("group_key", "text").execute();
      await db.schema.createIndex("jobs_group").on("jobs").columns(["type", "group_key", "state"]).execute();

      await db.schema
        .createTable("space_holds")
        .addColumn("id", "text", (c) => c.primaryKey())
        .addColumn("user_id", "text", (c) => c.notNull().references("users.id").onDelete("cascade"))
        .addColumn("bytes", "bigint", (c) => c.notNull())
        .addColumn("created_at", "bigint", (c) => c.notNull())
        .execute();
    },
  };
}
