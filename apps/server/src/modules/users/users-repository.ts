import { type Insertable, type Selectable, sql, type Updateable } from "kysely";
import type { Db } from "../../db/database.js";
import type { UsersTable } from "../../db/schema.js";

export type UserRow = Selectable<UsersTable>;

/** One account's row on `db` (a transaction too); undefined when it is gone. */
export function findUser(db: Db, id: string): Promise<UserRow | undefined> {
  return db.selectFrom("users").selectAll().where("id", "=", id).executeTakeFirst();
}

/** The account whose `email`, `phone` or `username` is `value` (normalized by the caller). */
export function findUserBy(
  db: Db,
  column: "email" | "phone" | "username",
  value: string,
): Promise<UserRow | undefined> {
  return userByQuery(db, column, value).executeTakeFirst();
}

/**
 * The query of `findUserBy`. `users_email` covers only non-empty emails (accounts made with
 * a phone or a username have none), and SQLite uses a partial index only when the query
 * itself implies the index's condition: without `email <> ''` every sign-in by email
 * scanned the whole table. Written out, not bound: with a bound `''` SQLite would prove it
 * from the binding and recompile the statement on every execution.
 */
export function userByQuery(db: Db, column: "email" | "phone" | "username", value: string) {
  const query = db.selectFrom("users").selectAll().where(column, "=", value);
  return column === "email" ? query.where("email", "<>", sql.lit("")) : query;
}

export async function insertUser(db: Db, user: Insertable<UsersTable>): Promise<void> {
  await db.insertInto("users").values(user).execute();
}

/** Any column of the row but its id and the storage counters (only `modules/accounting` writes those). */
export type UserChanges = Omit<
  Updateable<UsersTable>,
  "id" | "storage_usage" | "storage_reserved" | "updated_at"
>;

/** Changes the row, stamping `updated_at`; on `db` (a transaction too). */
export async function updateUser(db: Db, id: string, changes: UserChanges, now: number): Promise<void> {
  await db
    .updateTable("users")
    .set({ ...changes, updated_at: now })
    .where("id", "=", id)
    .execute();
}

/**
 * Accepts a TOTP time step once: only moves `totp_last_step` forward, so two
 * requests racing with the same code cannot both pass.
 */
export async function acceptTotpStep(db: Db, id: string, step: number): Promise<boolean> {
  const result = await db
    .updateTable("users")
    .set({ totp_last_step: step })
    .where("id", "=", id)
    .where((eb) => eb.or([eb("totp_last_step", "is", null), eb("totp_last_step", "<", step)]))
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/** Accounts whose deletion period has passed at `now`. */
export async function dueForDeletion(db: Db, now: number, limit: number): Promise<string[]> {
  const rows = await db
    .selectFrom("users")
    .select("id")
    .where("deletion_due_at", "is not", null)
    .where("deletion_due_at", "<=", now)
    .limit(limit)
    .execute();
  return rows.map((row) => row.id);
}

/** Deletes the row; everything of the user's goes with it by the foreign keys' cascades. */
export async function deleteUser(db: Db, id: string): Promise<void> {
  await db.deleteFrom("users").where("id", "=", id).execute();
}

/** Bytes the user's drive holds and those held for work in progress (both read, never written, here). */
export async function storageInUse(
  db: Db,
  id: string,
): Promise<{ usage: number; reserved: number } | undefined> {
  const row = await db
    .selectFrom("users")
    .select(["storage_usage", "storage_reserved"])
    .where("id", "=", id)
    .executeTakeFirst();
  return row && { usage: Number(row.storage_usage), reserved: Number(row.storage_reserved) };
}

/** Name and email of each account among `ids` that still exists. */
export async function contactsOf(
  db: Db,
  ids: readonly string[],
): Promise<Map<string, { name: string; email: string }>> {
  const unique = [...new Set(ids)];
  if (unique.length === 0) return new Map();
  const rows = await db
    .selectFrom("users")
    .select(["id", "name", "email"])
    .where("id", "in", unique)
    .execute();
  return new Map(rows.map((row) => [row.id, { name: row.name, email: row.email }]));
}

/** The id of the account whose email is `email`, case aside. */
export async function idByEmail(db: Db, email: string): Promise<string | undefined> {
  const row = await db
    .selectFrom("users")
    .select("id")
    .where((eb) => eb(eb.fn("lower", ["email"]), "=", email.trim().toLowerCase()))
    .executeTakeFirst();
  return row?.id;
}

/** Sets the account's role (`admin` or `user`; an operator's change, `updated_at` kept). */
export async function setUserRole(db: Db, id: string, role: "admin" | "user"): Promise<void> {
  await db.updateTable("users").set({ role }).where("id", "=", id).execute();
}

/** Emails of the accounts whose role is `role`, in order. */
export async function emailsWithRole(db: Db, role: string): Promise<string[]> {
  const rows = await db
    .selectFrom("users")
    .select("email")
    .where("role", "=", role)
    .orderBy("email")
    .execute();
  return rows.map((row) => row.email);
}

/** The columns the console lists an account with. */
export const CONSOLE_COLUMNS = [
  "id",
  "email",
  "phone",
  "username",
  "name",
  "status",
  "role",
  "storage_usage",
  "created_at",
] as const;
export type ConsoleUserRow = Pick<UserRow, (typeof CONSOLE_COLUMNS)[number]>;

/**
 * Accounts whose email, phone, username, name or id contain `q` (case-insensitive,
 * already lowercased), optionally of one status, with ids below `beforeId`, newest first.
 */
export function searchUsers(
  db: Db,
  query: { q: string; status?: string | undefined; beforeId?: string | undefined; limit: number },
): Promise<ConsoleUserRow[]> {
  let select = db.selectFrom("users").select(CONSOLE_COLUMNS);
  if (query.q) {
    const like = `%${query.q.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
    select = select.where((eb) =>
      eb.or(
        ["email", "phone", "username", "name", "id"].map(
          (column) => sql<boolean>`lower(coalesce(${sql.ref(column)}, '')) like ${like} escape '\\'`,
        ),
      ),
    );
  }
  if (query.status) select = select.where("status", "=", query.status);
  if (query.beforeId) select = select.where("id", "<", query.beforeId);
  return select.orderBy("id", "desc").limit(query.limit).execute();
}

/** One account as the console lists it; undefined when it is gone. */
export function consoleUser(db: Db, id: string): Promise<ConsoleUserRow | undefined> {
  return db.selectFrom("users").select(CONSOLE_COLUMNS).where("id", "=", id).executeTakeFirst();
}

/** The user row as the drive and the profile read it; sign-up and sign-in use `AccountsRepository`. */
export class UsersRepository {
  constructor(private readonly db: Db) {}

  /** The user's session generation (0 when the account is gone): signed links carry it. */
  async sessionGeneration(userId: string): Promise<number> {
    const row = await this.db
      .selectFrom("users")
      .select("session_generation")
      .where("id", "=", userId)
      .executeTakeFirst();
    return Number(row?.session_generation ?? 0);
  }

  findById(id: string): Promise<UserRow | undefined> {
    return findUser(this.db, id);
  }

  /** The other providers (OpenID Connect) linked to the user, with the provider's id for them. */
  linkedProviders(userId: string): Promise<{ provider: string; subject: string }[]> {
    return this.db
      .selectFrom("external_identities")
      .select(["provider", "subject"])
      .where("user_id", "=", userId)
      .orderBy("provider")
      .execute();
  }

  /** Profile fields the user edits (name, locale, password hash, avatar version). */
  async update(
    id: string,
    changes: Pick<Updateable<UsersTable>, "name" | "locale" | "password_hash" | "avatar_version">,
    now: number,
  ): Promise<void> {
    await this.db
      .updateTable("users")
      .set({ ...changes, updated_at: now })
      .where("id", "=", id)
      .execute();
  }
}

export function normalizeEmail(email: string): string {
  return email.trim().toLowerCase();
}

/** Accounts by status, and the bytes their drives hold together (the console's dashboard). */
export async function userFigures(db: Db): Promise<{ byStatus: Map<string, number>; storageUsage: bigint }> {
  const [statuses, used] = await Promise.all([
    db
      .selectFrom("users")
      .select(["status", (eb) => eb.fn.countAll<number | string>().as("n")])
      .groupBy("status")
      .execute(),
    db
      .selectFrom("users")
      .select((eb) => eb.fn.sum<number | string | null>("storage_usage").as("n"))
      .executeTakeFirstOrThrow(),
  ]);
  return {
    byStatus: new Map(statuses.map((row) => [row.status, Number(row.n)])),
    storageUsage: BigInt(used.n ?? 0),
  };
}
