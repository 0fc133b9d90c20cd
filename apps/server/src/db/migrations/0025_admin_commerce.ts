import type { Kysely } from "kysely";
import type { DialectName } from "../database.js";

/**
 * The admin console's commerce and moderation rows: `sensitive_words` (the words an
 * admin added to the share check, on top of `SHARE_SENSITIVE_WORDS`) and
 * `product_prices.edited_at` (a price an admin set; the start-up catalogue seed keeps
 * it instead of resetting it to the defaults or `PRODUCTS_FILE`).
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
    },
  };
}
