import type { Kysely } from "kysely";
import type { DialectName } from "../database.js";

/**
 * When an abuse report was acted on (an admin blocked content one of its share's files
 * hold), so the transparency report can count reports acted on and the time it took.
 */
export function moderationActions(_dialect: DialectName) {
  return {
    async up(db: Kysely<unknown>): Promise<void> {
      await db.schema.alterTable("share_reports").addColumn("actioned_at", "bigint").execute();
      await db.schema.createIndex("share_reports_created").on("share_reports").column("created_at").execute();
      await db.schema.createIndex("blocked_gcids_created").on("blocked_gcids").column("created_at").execute();
    },
  };
}
