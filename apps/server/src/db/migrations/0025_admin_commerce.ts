import type { Kysely } from "kysely";
import type { DialectName } from "../database.js";

/**
 * The admin console's commerce and moderation rows: `sensitive_words` (the words an
 * admin added to the share check, on top of `SHARE_SENSITIVE_WORDS`) and
 * `product_prices.edited_at` (a price an admin set; the start-up catalogue seed keeps
 * it instead of resetting it to the defaults or `PRODUCTS_FILE`), and `campaign_windows`
 * (a campaign's window as an admin set it, over `REWARD_CAMPAIGNS` and the catalogue's).
 */
export function adminCommerce(_dialect: DialectName) {
  return {
    async up(db: Kysely<unknown>): Promise<void> {
      await db.schema
        .createTable("sensitive_words")
        .addColumn("word", "text", (c) => c.primaryKey())
        .addColumn("created_by", "text", (c) => c.notNull())
        .addColumn("created_at", "bigint", (c) => c.notNull())
        .execute();
      await db.schema.alterTable("product_prices").addColumn("edited_at", "bigint").execute();
      await db.schema
        .createTable("campaign_windows")
        .addColumn("id", "text", (c) => c.primaryKey())
        .addColumn("starts_at", "bigint", (c) => c.notNull())
        .addColumn("ends_at", "bigint", (c) => c.notNull())
        .addColumn("updated_by", "text", (c) => c.notNull())
        .addColumn("updated_at", "bigint", (c) => c.notNull())
        .execute();
    },
  };
}
