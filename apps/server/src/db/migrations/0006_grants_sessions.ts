import { type Kysely, sql } from "kysely";
import type { DialectName } from "../database.js";

/**
 * Grants and sessions: refresh-token families and where a session signed in from,
 * one-time authorization codes (hand-offs), device codes (RFC 8628), the user's
 * locale and avatar, and mail unsubscriptions.
 */
export function grantsSessions(dialect: DialectName) {
  const bytes = dialect === "postgres" ? "bytea" : "blob";
  return {
    async up(db: Kysely<unknown>): Promise<void> {
      const sessionColumns: Array<[string, "text" | "bigint", string | number | null]> = [
        ["family_id", "text", ""],
        ["family_created_at", "bigint", 0],
        ["rotated_at", "bigint", null],
        ["scope", "text", "user pan offline"],
        ["device_id", "text", ""],
        ["ip", "text", ""],
        ["user_agent", "text", ""],
      ];
      for (const [name, type, fallback] of sessionColumns) {
        await db.schema
          .alterTable("sessions")
          .addColumn(name, type, (c) => (fallback === null ? c : c.notNull().defaultTo(fallback)))
          .execute();
      }
      // Sessions from before families are each their own family.
      await sql`update sessions set family_id = id, family_created_at = created_at`.execute(db);
      await db.schema.createIndex("sessions_family").on("sessions").column("family_id").execute();

      await db.schema
        .alterTable("users")
        .addColumn("locale", "text", (c) => c.notNull().defaultTo("en-US"))
        .execute();
      await db.schema.alterTable("users").addColumn("avatar_version", "text").execute();

      await db.schema
        .createTable("auth_codes")
        .addColumn("code_hash", "text", (c) => c.primaryKey())
        .addColumn("user_id", "text", (c) => c.notNull().references("users.id").onDelete("cascade"))
        .addColumn("client_id", "text", (c) => c.notNull())
        .addColumn("scope", "text", (c) => c.notNull())
        .addColumn("code_challenge", "text")
        .addColumn("redirect_uri", "text")
        .addColumn("expires_at", "bigint", (c) => c.notNull())
        .addColumn("used_at", "bigint")
        .addColumn("created_at", "bigint", (c) => c.notNull())
        .execute();
      await db.schema.createIndex("auth_codes_expiry").on("auth_codes").column("expires_at").execute();

      await db.schema
        .createTable("device_codes")
        .addColumn("device_code_hash", "text", (c) => c.primaryKey())
        .addColumn("user_code", "text", (c) => c.notNull())
        .addColumn("client_id", "text", (c) => c.notNull())
        .addColumn("scope", "text", (c) => c.notNull())
        .addColumn("state", "text", (c) => c.notNull())
        .addColumn("user_id", "text", (c) => c.references("users.id").onDelete("cascade"))
        .addColumn("interval_s", "integer", (c) => c.notNull())
        .addColumn("last_polled_at", "bigint")
        .addColumn("expires_at", "bigint", (c) => c.notNull())
        .addColumn("created_at", "bigint", (c) => c.notNull())
        .execute();
      await db.schema.createIndex("device_codes_user_code").on("device_codes").column("user_code").execute();
      await db.schema.createIndex("device_codes_expiry").on("device_codes").column("expires_at").execute();

      await db.schema
        .createTable("user_avatars")
        .addColumn("user_id", "text", (c) => c.notNull().references("users.id").onDelete("cascade"))
        .addColumn("version", "text", (c) => c.notNull())
        .addColumn("size", "integer", (c) => c.notNull())
        .addColumn("content", bytes, (c) => c.notNull())
        .addColumn("created_at", "bigint", (c) => c.notNull())
        .addPrimaryKeyConstraint("user_avatars_pk", ["user_id", "version", "size"])
        .execute();

      await db.schema
        .createTable("mail_unsubscribes")
        .addColumn("email", "text", (c) => c.notNull())
        .addColumn("scene", "text", (c) => c.notNull())
        .addColumn("created_at", "bigint", (c) => c.notNull())
        .addPrimaryKeyConstraint("mail_unsubscribes_pk", ["email", "scene"])
        .execute();
    },
  };
}
