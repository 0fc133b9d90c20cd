import type { Kysely } from "kysely";
import type { DialectName } from "../database.js";

/**
 * Sign-in with other providers (decision 0041): which provider account (issuer's `sub`)
 * belongs to which user, and the sign-ins on their way through a provider (state,
 * nonce and PKCE verifier, single use, kept for ten minutes).
 */
export function externalIdentities(_dialect: DialectName) {
  return {
    async up(db: Kysely<unknown>): Promise<void> {
      await db.schema
        .createTable("external_identities")
        .addColumn("provider", "text", (c) => c.notNull())
        .addColumn("subject", "text", (c) => c.notNull())
        .addColumn("user_id", "text", (c) => c.notNull().references("users.id").onDelete("cascade"))
        .addColumn("email", "text", (c) => c.notNull())
        .addColumn("created_at", "bigint", (c) => c.notNull())
        .addPrimaryKeyConstraint("external_identities_pk", ["provider", "subject"])
        .execute();
      await db.schema
        .createIndex("external_identities_user")
        .on("external_identities")
        .columns(["user_id", "provider"])
        .unique()
        .execute();

      await db.schema
        .createTable("external_signins")
        .addColumn("state", "text", (c) => c.primaryKey())
        .addColumn("provider", "text", (c) => c.notNull())
        .addColumn("nonce", "text", (c) => c.notNull())
        .addColumn("code_verifier", "text", (c) => c.notNull())
        .addColumn("return_to", "text", (c) => c.notNull())
        // Set when a signed-in user links the provider instead of signing in.
        .addColumn("link_user_id", "text")
        .addColumn("created_at", "bigint", (c) => c.notNull())
        .execute();
    },
  };
}
