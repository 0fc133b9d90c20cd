import { type Kysely, sql } from "kysely";
import type { DialectName } from "../database.js";

/**
 * Accounts: sign-in by phone or username besides email, two-factor, the password-reset flag and deletion requests on `users`;
 * verification codes, recovery codes, second-step tokens and the per-account
 * sign-in guard (failures and freezes survive restarts) in their own tables.
 *
 * A phone-only account has no email: `email` becomes '' for it, so its unique
 * constraint turns into a unique index over non-empty emails. SQLite cannot drop a
 * column constraint, so there the table is rebuilt (sqlite.org/lang_altertable.html,
 * "other kinds of table schema changes"), with foreign keys off for the swap.
 */
export function accounts(dialect: DialectName) {
  return {
    async up(db: Kysely<unknown>): Promise<void> {
      if (dialect === "sqlite") await relaxEmailOnSqlite(db);
      else await sql`alter table users drop constraint users_email_key`.execute(db);
      await db.schema
        .createIndex("users_email")
        .on("users")
        .column("email")
        .unique()
        .where(sql.ref("email"), "<>", "")
        .execute();

      await db.schema.alterTable("users").addColumn("phone", "text").execute();
      await db.schema.alterTable("users").addColumn("username", "text").execute();
      await db.schema.alterTable("users").addColumn("totp_secret", "text").execute();
      await db.schema.alterTable("users").addColumn("totp_pending_secret", "text").execute();
      await db.schema.alterTable("users").addColumn("totp_enabled_at", "bigint").execute();
      await db.schema.alterTable("users").addColumn("totp_last_step", "bigint").execute();
      await db.schema.alterTable("users").addColumn("password_reset_required_at", "bigint").execute();
      await db.schema.alterTable("users").addColumn("deletion_requested_at", "bigint").execute();
      await db.schema.alterTable("users").addColumn("deletion_due_at", "bigint").execute();
      await db.schema.createIndex("users_phone").on("users").column("phone").unique().execute();
      await db.schema.createIndex("users_username").on("users").column("username").unique().execute();
      await db.schema.createIndex("users_deletion_due").on("users").column("deletion_due_at").execute();

      await db.schema
        .createTable("verifications")
        .addColumn("id", "text", (c) => c.primaryKey())
        .addColumn("usage", "text", (c) => c.notNull())
        // email | sms
        .addColumn("channel", "text", (c) => c.notNull())
        .addColumn("target", "text", (c) => c.notNull())
        // the signed-in caller who asked (CHANGE_EMAIL, DELETE_ACCOUNT), else null
        .addColumn("user_id", "text", (c) => c.references("users.id").onDelete("cascade"))
        .addColumn("code_hash", "text", (c) => c.notNull())
        .addColumn("attempts", "integer", (c) => c.notNull().defaultTo(0))
        .addColumn("expires_at", "bigint", (c) => c.notNull())
        .addColumn("token_hash", "text", (c) => c.unique())
        .addColumn("token_expires_at", "bigint")
        .addColumn("consumed_at", "bigint")
        .addColumn("created_at", "bigint", (c) => c.notNull())
        .execute();
      await db.schema
        .createIndex("verifications_target")
        .on("verifications")
        .columns(["target", "usage", "created_at"])
        .execute();
      await db.schema.createIndex("verifications_expiry").on("verifications").column("expires_at").execute();

      await db.schema
        .createTable("recovery_codes")
        .addColumn("id", "text", (c) => c.primaryKey())
        .addColumn("user_id", "text", (c) => c.notNull().references("users.id").onDelete("cascade"))
        .addColumn("code_hash", "text", (c) => c.notNull())
        .addColumn("used_at", "bigint")
        .addColumn("created_at", "bigint", (c) => c.notNull())
        .execute();
      await db.schema.createIndex("recovery_codes_user").on("recovery_codes").column("user_id").execute();

      await db.schema
        .createTable("two_factor_tokens")
        .addColumn("token_hash", "text", (c) => c.primaryKey())
        .addColumn("user_id", "text", (c) => c.notNull().references("users.id").onDelete("cascade"))
        .addColumn("client_id", "text", (c) => c.notNull())
        .addColumn("account_key", "text", (c) => c.notNull())
        .addColumn("expires_at", "bigint", (c) => c.notNull())
        .addColumn("used_at", "bigint")
        .addColumn("created_at", "bigint", (c) => c.notNull())
        .execute();

      // Keyed by the normalized account as typed, so unknown accounts freeze like real ones.
      await db.schema
        .createTable("signin_guards")
        .addColumn("account_key", "text", (c) => c.primaryKey())
        .addColumn("failures", "integer", (c) => c.notNull())
        .addColumn("window_started_at", "bigint", (c) => c.notNull())
        .addColumn("frozen_until", "bigint")
        .addColumn("updated_at", "bigint", (c) => c.notNull())
        .execute();
    },
  };
}

/** Rebuilds `users` with `email` no longer carrying a column-level UNIQUE. */
async function relaxEmailOnSqlite(db: Kysely<unknown>): Promise<void> {
  const { rows } = await sql<{ sql: string }>`
    select sql from sqlite_master where type = 'table' and name = 'users'`.execute(db);
  const original = rows[0]?.sql;
  if (!original) throw new Error("users table not found");
  const rebuilt = original
    .replace(/^create table "users"/i, 'create table "users_rebuild"')
    .replace(/"email" text not null unique/i, `"email" text not null default ''`);
  if (rebuilt === original || !/"users_rebuild"/.test(rebuilt) || /"email"[^,]*unique/i.test(rebuilt)) {
    throw new Error(`unexpected users table definition: ${original}`);
  }
  await sql`pragma foreign_keys = off`.execute(db);
  try {
    await sql`begin`.execute(db);
    try {
      await sql.raw(rebuilt).execute(db);
      await sql`insert into users_rebuild select * from users`.execute(db);
      await sql`drop table users`.execute(db);
      await sql`alter table users_rebuild rename to users`.execute(db);
      const { rows: broken } = await sql`pragma foreign_key_check`.execute(db);
      if (broken.length > 0) throw new Error("foreign key check failed after rebuilding users");
      await sql`commit`.execute(db);
    } catch (error) {
      await sql`rollback`.execute(db);
      throw error;
    }
  } finally {
    await sql`pragma foreign_keys = on`.execute(db);
  }
}
