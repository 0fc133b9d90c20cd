import type { Kysely } from "kysely";
import type { DialectName } from "../database.js";

/**
 * Per-user settings of spec §3 (`user_settings`: only the names a user changed, as JSON
 * values) and where an account came from (`users.signup_attribution`: the attribution
 * cookies and referrer list the web sent with sign-up, as JSON).
 */
export function userSettings(_dialect: DialectName) {
  return {
    async up(db: Kysely<unknown>): Promise<void> {
      await db.schema
        .createTable("user_settings")
        .addColumn("user_id", "text", (c) => c.notNull().references("users.id").onDelete("cascade"))
        .addColumn("name", "text", (c) => c.notNull())
        .addColumn("value", "text", (c) => c.notNull())
        .addColumn("updated_at", "bigint", (c) => c.notNull())
        .addPrimaryKeyConstraint("user_settings_pk", ["user_id", "name"])
        .execute();
      await db.schema.alterTable("users").addColumn("signup_attribution", "text").execute();
    },
  };
}
