import type { Kysely } from "kysely";
import type { DialectName } from "../database.js";

/**
 * Membership and commerce. `entitlement_grants` is the one ledger every premium day,
 * storage pack, traffic pack and task cap comes from (purchases, renewals, codes,
 * invites, check-ins, campaigns, compensation, admins); `(source, source_ref)` is
 * unique so a replayed grant (a webhook delivered twice, a code redeemed twice) grants
 * once. `products` / `product_prices` are the catalogue (seeded at start from the
 * defaults or `PRODUCTS_FILE`), `campaign_prices` the prices inside a campaign window,
 * `orders` one purchase each, `subscriptions` a renewing plan at a provider, and
 * `payment_events` every provider event seen, unique by (provider, event_id).
 */
export function membership(_dialect: DialectName) {
  return {
    async up(db: Kysely<unknown>): Promise<void> {
      await db.schema
        .createTable("entitlement_grants")
        .addColumn("id", "text", (c) => c.primaryKey())
        .addColumn("user_id", "text", (c) => c.notNull().references("users.id").onDelete("cascade"))
        .addColumn("source", "text", (c) => c.notNull())
        .addColumn("source_ref", "text", (c) => c.notNull())
        .addColumn("premium_type", "text")
        .addColumn("premium_days", "integer", (c) => c.notNull().defaultTo(0))
        .addColumn("storage_bytes", "bigint", (c) => c.notNull().defaultTo(0))
        .addColumn("traffic_bytes", "bigint", (c) => c.notNull().defaultTo(0))
        .addColumn("offline_tasks_per_day", "integer", (c) => c.notNull().defaultTo(0))
        .addColumn("starts_at", "bigint", (c) => c.notNull())
        .addColumn("ends_at", "bigint")
        .addColumn("revoked_at", "bigint")
        .addColumn("created_at", "bigint", (c) => c.notNull())
        .addColumn("created_by", "text")
        .addUniqueConstraint("entitlement_grants_source_ref", ["source", "source_ref"])
        .execute();
      await db.schema
        .createIndex("entitlement_grants_user")
        .on("entitlement_grants")
        .columns(["user_id", "created_at"])
        .execute();

      await db.schema
        .createTable("products")
        .addColumn("id", "text", (c) => c.primaryKey())
        .addColumn("kind", "text", (c) => c.notNull())
        .addColumn("name_key", "text", (c) => c.notNull())
        .addColumn("period", "text")
        .addColumn("recurring", "integer", (c) => c.notNull().defaultTo(0))
        .addColumn("premium_type", "text")
        .addColumn("premium_days", "integer", (c) => c.notNull().defaultTo(0))
        .addColumn("storage_bytes", "bigint", (c) => c.notNull().defaultTo(0))
        .addColumn("traffic_bytes", "bigint", (c) => c.notNull().defaultTo(0))
        .addColumn("valid_days", "integer", (c) => c.notNull().defaultTo(0))
        .addColumn("sort", "integer", (c) => c.notNull().defaultTo(0))
        .addColumn("active", "integer", (c) => c.notNull().defaultTo(1))
        .execute();

      await db.schema
        .createTable("product_prices")
        .addColumn("product_id", "text", (c) => c.notNull().references("products.id").onDelete("cascade"))
        .addColumn("currency", "text", (c) => c.notNull())
        .addColumn("amount", "bigint", (c) => c.notNull())
        .addPrimaryKeyConstraint("product_prices_pk", ["product_id", "currency"])
        .execute();

      await db.schema
        .createTable("campaign_prices")
        .addColumn("campaign_id", "text", (c) => c.notNull())
        .addColumn("product_id", "text", (c) => c.notNull().references("products.id").onDelete("cascade"))
        .addColumn("currency", "text", (c) => c.notNull())
        .addColumn("amount", "bigint", (c) => c.notNull())
        .addColumn("starts_at", "bigint", (c) => c.notNull())
        .addColumn("ends_at", "bigint", (c) => c.notNull())
        .addPrimaryKeyConstraint("campaign_prices_pk", ["campaign_id", "product_id", "currency"])
        .execute();

      await db.schema
        .createTable("orders")
        .addColumn("id", "text", (c) => c.primaryKey())
        .addColumn("user_id", "text", (c) => c.notNull().references("users.id").onDelete("cascade"))
        .addColumn("product_id", "text", (c) => c.notNull())
        .addColumn("status", "text", (c) => c.notNull())
        .addColumn("amount", "bigint", (c) => c.notNull())
        .addColumn("currency", "text", (c) => c.notNull())
        .addColumn("campaign_id", "text")
        .addColumn("provider", "text", (c) => c.notNull())
        .addColumn("provider_ref", "text")
        .addColumn("provider_payment", "text")
        .addColumn("subscription_id", "text")
        .addColumn("kind", "text", (c) => c.notNull().defaultTo("purchase"))
        .addColumn("created_at", "bigint", (c) => c.notNull())
        .addColumn("updated_at", "bigint", (c) => c.notNull())
        .addColumn("paid_at", "bigint")
        .addColumn("granted_at", "bigint")
        .addColumn("refunded_at", "bigint")
        .execute();
      await db.schema.createIndex("orders_user").on("orders").columns(["user_id", "created_at"]).execute();
      await db.schema.createIndex("orders_status").on("orders").columns(["status", "granted_at"]).execute();
      await db.schema
        .createIndex("orders_provider_ref")
        .on("orders")
        .columns(["provider", "provider_ref"])
        .execute();
      await db.schema
        .createIndex("orders_provider_payment")
        .on("orders")
        .columns(["provider", "provider_payment"])
        .execute();

      await db.schema
        .createTable("subscriptions")
        .addColumn("id", "text", (c) => c.primaryKey())
        .addColumn("user_id", "text", (c) => c.notNull().references("users.id").onDelete("cascade"))
        .addColumn("product_id", "text", (c) => c.notNull())
        .addColumn("provider", "text", (c) => c.notNull())
        .addColumn("provider_ref", "text")
        .addColumn("status", "text", (c) => c.notNull())
        .addColumn("current_period_end", "bigint")
        .addColumn("cancel_at_period_end", "integer", (c) => c.notNull().defaultTo(0))
        .addColumn("created_at", "bigint", (c) => c.notNull())
        .addColumn("updated_at", "bigint", (c) => c.notNull())
        .execute();
      await db.schema.createIndex("subscriptions_user").on("subscriptions").columns(["user_id"]).execute();
      await db.schema
        .createIndex("subscriptions_provider_ref")
        .on("subscriptions")
        .columns(["provider", "provider_ref"])
        .execute();

      await db.schema
        .createTable("payment_events")
        .addColumn("provider", "text", (c) => c.notNull())
        .addColumn("event_id", "text", (c) => c.notNull())
        .addColumn("type", "text", (c) => c.notNull())
        .addColumn("order_id", "text")
        .addColumn("received_at", "bigint", (c) => c.notNull())
        .addPrimaryKeyConstraint("payment_events_pk", ["provider", "event_id"])
        .execute();
    },
  };
}
