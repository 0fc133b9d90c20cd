import type { Kysely } from "kysely";
import type { DialectName } from "../database.js";

/**
 * The slot of each periodic job type last scheduled (`floor(now / interval)`), so that
 * of several nodes sharing the database exactly one enqueues it per interval: the one
 * whose conditional update moves the slot on.
 */
export function jobSchedules(_dialect: DialectName) {
  return {
    async up(db: Kysely<unknown>): Promise<void> {
      await db.schema
        .createTable("job_schedules")
        .addColumn("type", "text", (c) => c.primaryKey())
        .addColumn("last_slot", "bigint", (c) => c.notNull())
        .addColumn("updated_at", "bigint", (c) => c.notNull())
        .execute();
    },
  };
}
