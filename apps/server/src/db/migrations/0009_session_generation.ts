import type { Kysely } from "kysely";
import type { DialectName } from "../database.js";

/**
 * A per-user session generation, bumped when every session ends (sign out everywhere,
 * password change or reset, deletion). Signed download links carry the generation they
 * were made in and are refused once it moved on.
 */
export function sessionGeneration(_dialect: DialectName) {
  return {
    async up(db: Kysely<unknown>): Promise<void> {
      await db.schema
        .alterTable("users")
        .addColumn("session_generation", "integer", (col) => col.notNull().defaultTo(0))
        .execute();
    },
  };
}
