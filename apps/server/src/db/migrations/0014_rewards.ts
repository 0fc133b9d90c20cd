import type { Kysely } from "kysely";
import type { DialectName } from "../database.js";

/**
 * Membership rewards (spec §7 vip calls): activation code batches and their codes (kept as
 * an HMAC, plus sealed for the batch export), invite codes and the one invite claim per
 * user, and daily check-ins. What a reward grants goes into the entitlements ledger
 * (`entitlement_grants`, migration 0013), once per `(source, source_ref)`.
 */
export function rewards(_dialect: DialectName) {
  return {
    async up(db: Kysely<unknown>): Promise<void> {
      await db.schema
        .createTable("activation_code_batches")
        .addColumn("id", "text", (c) => c.primaryKey())
        .addColumn("note", "text", (c) => c.notNull())
        .addColumn("premium_days", "integer", (c) => c.notNull())
        .addColumn("storage_bytes", "bigint", (c) => c.notNull())
        .addColumn("traffic_bytes", "bigint", (c) => c.notNull())
        .addColumn("code_count", "integer", (c) => c.notNull())
        .addColumn("expires_at", "bigint")
        .addColumn("created_by", "text", (c) => c.notNull())
        .addColumn("created_at", "bigint", (c) => c.notNull())
        .addColumn("revoked_at", "bigint")
        .execute();
      await db.schema
        .createTable("activation_codes")
        .addColumn("code_hash", "text", (c) => c.primaryKey())
        .addColumn("batch_id", "text", (c) => c.notNull().references("activation_code_batches.id"))
        .addColumn("sealed_code", "text", (c) => c.notNull())
        .addColumn("redeemed_by", "text", (c) => c.references("users.id").onDelete("set null"))
        .addColumn("redeemed_at", "bigint")
        .addColumn("revoked_at", "bigint")
        .execute();
      await db.schema
        .createIndex("activation_codes_batch")
        .on("activation_codes")
        .column("batch_id")
        .execute();

      await db.schema
        .createTable("invite_codes")
        .addColumn("user_id", "text", (c) => c.primaryKey().references("users.id").onDelete("cascade"))
        .addColumn("code", "text", (c) => c.notNull().unique())
        .addColumn("created_at", "bigint", (c) => c.notNull())
        .execute();
      await db.schema
        .createTable("invite_claims")
        .addColumn("user_id", "text", (c) => c.primaryKey().references("users.id").onDelete("cascade"))
        .addColumn("inviter_id", "text", (c) => c.references("users.id").onDelete("set null"))
        .addColumn("free_days", "integer", (c) => c.notNull())
        .addColumn("inviter_days", "integer", (c) => c.notNull())
        .addColumn("refused", "text")
        .addColumn("email_key", "text", (c) => c.notNull())
        .addColumn("source", "text", (c) => c.notNull())
        .addColumn("created_at", "bigint", (c) => c.notNull())
        .execute();
      await db.schema
        .createIndex("invite_claims_inviter")
        .on("invite_claims")
        .columns(["inviter_id", "created_at"])
        .execute();
      await db.schema.createIndex("invite_claims_email").on("invite_claims").column("email_key").execute();

      await db.schema
        .createTable("check_ins")
        .addColumn("user_id", "text", (c) => c.notNull().references("users.id").onDelete("cascade"))
        .addColumn("day", "text", (c) => c.notNull())
        .addColumn("streak", "integer", (c) => c.notNull())
        .addColumn("time_zone", "text", (c) => c.notNull())
        .addColumn("reward_kind", "text", (c) => c.notNull())
        .addColumn("reward_amount", "bigint", (c) => c.notNull())
        .addColumn("created_at", "bigint", (c) => c.notNull())
        .addPrimaryKeyConstraint("check_ins_pk", ["user_id", "day"])
        .execute();
    },
  };
}
