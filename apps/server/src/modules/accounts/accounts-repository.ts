import type { Insertable, Updateable } from "kysely";
import type { Db } from "../../db/database.js";
import type { UsersTable } from "../../db/schema.js";
import type { UserRow } from "../users/users-repository.js";
import type { AccountName, Target } from "./identifiers.js";

/** The account fields of `users` that sign-up, sign-in and account changes read and write. */
export type AccountChanges = Pick<
  Updateable<UsersTable>,
  | "email"
  | "password_hash"
  | "totp_secret"
  | "totp_pending_secret"
  | "totp_enabled_at"
  | "totp_last_step"
  | "password_reset_required_at"
  | "deletion_requested_at"
  | "deletion_due_at"
>;

export class AccountsRepository {
  constructor(private readonly db: Db) {}

  findById(id: string): Promise<UserRow | undefined> {
    return this.db.selectFrom("users").selectAll().where("id", "=", id).executeTakeFirst();
  }

  /** The account an email, phone or username names (values already normalized). */
  findByName(name: AccountName): Promise<UserRow | undefined> {
    const column = name.kind === "email" ? "email" : name.kind === "phone" ? "phone" : "username";
    if (!name.value) return Promise.resolve(undefined);
    return this.db.selectFrom("users").selectAll().where(column, "=", name.value).executeTakeFirst();
  }

  findByTarget(target: Target): Promise<UserRow | undefined> {
    return this.findByName({ kind: target.channel === "email" ? "email" : "phone", value: target.value });
  }

  async insert(user: Insertable<UsersTable>): Promise<void> {
    await this.db.insertInto("users").values(user).execute();
  }

  async update(id: string, changes: AccountChanges, now: number): Promise<void> {
    await this.db
      .updateTable("users")
      .set({ ...changes, updated_at: now })
      .where("id", "=", id)
      .execute();
  }

  /**
   * Accepts a TOTP time step once: only moves `totp_last_step` forward, so two
   * requests racing with the same code cannot both pass.
   */
  async acceptTotpStep(id: string, step: number): Promise<boolean> {
    const result = await this.db
      .updateTable("users")
      .set({ totp_last_step: step })
      .where("id", "=", id)
      .where((eb) => eb.or([eb("totp_last_step", "is", null), eb("totp_last_step", "<", step)]))
      .executeTakeFirst();
    return Number(result.numUpdatedRows) === 1;
  }

  /** Accounts whose deletion period has passed. */
  async dueForDeletion(now: number, limit: number): Promise<string[]> {
    const rows = await this.db
      .selectFrom("users")
      .select("id")
      .where("deletion_due_at", "is not", null)
      .where("deletion_due_at", "<=", now)
      .limit(limit)
      .execute();
    return rows.map((row) => row.id);
  }
}
