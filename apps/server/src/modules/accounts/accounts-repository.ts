import type { Insertable, Updateable } from "kysely";
import type { Db } from "../../db/database.js";
import type { UsersTable } from "../../db/schema.js";
import {
  acceptTotpStep,
  dueForDeletion,
  findUser,
  findUserBy,
  insertUser,
  type UserRow,
  updateUser,
} from "../users/users-repository.js";
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

/** Sign-up, sign-in and account changes' view of the account row; the row is the users module's. */
export class AccountsRepository {
  constructor(private readonly db: Db) {}

  findById(id: string): Promise<UserRow | undefined> {
    return findUser(this.db, id);
  }

  /** The account an email, phone or username names (values already normalized). */
  findByName(name: AccountName): Promise<UserRow | undefined> {
    const column = name.kind === "email" ? "email" : name.kind === "phone" ? "phone" : "username";
    if (!name.value) return Promise.resolve(undefined);
    return findUserBy(this.db, column, name.value);
  }

  findByTarget(target: Target): Promise<UserRow | undefined> {
    return this.findByName({ kind: target.channel === "email" ? "email" : "phone", value: target.value });
  }

  insert(user: Insertable<UsersTable>): Promise<void> {
    return insertUser(this.db, user);
  }

  update(id: string, changes: AccountChanges, now: number): Promise<void> {
    return updateUser(this.db, id, changes, now);
  }

  /**
   * Accepts a TOTP time step once: only moves `totp_last_step` forward, so two
   * requests racing with the same code cannot both pass.
   */
  acceptTotpStep(id: string, step: number): Promise<boolean> {
    return acceptTotpStep(this.db, id, step);
  }

  /** Accounts whose deletion period has passed. */
  dueForDeletion(now: number, limit: number): Promise<string[]> {
    return dueForDeletion(this.db, now, limit);
  }
}
