import type { Kysely } from "kysely";
import type { DialectName } from "../database.js";

/**
 * Yearly campaigns: a catalogue campaign price may carry no window of its own and follow
 * its campaign's configured one (`REWARD_CAMPAIGNS`, e.g. Black Friday every year), so
 * `campaign_prices.starts_at`/`ends_at` become nullable. The table is derived (the
 * catalogue seed rewrites it at every start), so it is recreated rather than copied:
 * SQLite cannot drop a NOT NULL in place.
 */
export function yearlyCampaigns(_dialect: DialectName) {
  return {
    async up(db: Kysely<unknown>): Promise<void> {
      await db.schema.dropTable("campaign_prices").execute();
      await db.schema
        .createTable("campaign_prices")
        .addColumn("campaign_id", "text", (c) => c.notNull())
        .addColumn("product_id", "text", (c) => c.notNull().references("products.id").onDelete("cascade"))
        .addColumn("currency", "text", (c) => c.notNull())
        .addColumn("amount", "bigint", (c) => c.notNull())
        .addColumn("starts_at", "bigint")
        .addColumn("ends_at", "bigint")
        .addPrimaryKeyConstraint("campaign_prices_pk", ["campaign_id", "product_id", "currency"])
        .execute();
    },
  };
}
