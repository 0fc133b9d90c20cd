import type { Kysely } from "kysely";
import type { DialectName } from "../database.js";

/**
 * An abuse report an admin closed without blocking anything (the share was fine): it
 * leaves the open queue but, unlike `actioned_at`, does not count as acted on in the
 * transparency report.
 */
export function reportDismissals(_dialect: DialectName) {
  return {
    async up(db: Kysely<unknown>): Promise<void> {
      await db.schema.alterTable("share_reports").addColumn("dismissed_at", "bigint").execute();
      await db.schema.alterTable("share_reports").addColumn("dismissed_by", "text").execute();
    },
  };
}
