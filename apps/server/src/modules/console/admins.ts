import { NimbusError } from "@nimbus/protocol";
import { sql } from "kysely";
import type { Db } from "../../db/database.js";

/**
 * Who may moderate: accounts whose `users.role` is `admin` (set by an operator:
 * `update users set role = 'admin' where email = …`) and accounts whose email
 * is listed in `ADMIN_EMAILS`. Checked on every `/audit` call.
 */
export class Admins {
  constructor(
    private readonly db: Db,
    private readonly adminEmails: readonly string[],
  ) {}

  async isAdmin(userId: string): Promise<boolean> {
    // `role` is read in SQL: it is the audit module's column, not part of the users module's row type.
    const { rows } = await sql<{ role: string; email: string }>`
      select role, email from users where id = ${userId}`.execute(this.db);
    const user = rows[0];
    if (!user) return false;
    return user.role === "admin" || this.adminEmails.includes(user.email.toLowerCase());
  }

  /** Throws `permission_denied` (403) unless `userId` is an admin. */
  async require(userId: string): Promise<void> {
    if (!(await this.isAdmin(userId))) {
      throw new NimbusError("permission_denied", "admins only", { metadata: { reason: "ADMIN_REQUIRED" } });
    }
  }

  /**
   * Makes the account of `email` an admin (`grant`) or a plain user again (`revoke`);
   * answers its id, or undefined when no account has that email.
   */
  async setRole(email: string, role: "admin" | "user"): Promise<string | undefined> {
    const { rows } = await sql<{ id: string }>`
      select id from users where lower(email) = ${email.trim().toLowerCase()}`.execute(this.db);
    const id = rows[0]?.id;
    if (!id) return undefined;
    await sql`update users set role = ${role} where id = ${id}`.execute(this.db);
    return id;
  }

  /** Accounts whose role is admin (those of `ADMIN_EMAILS` are admins without it). */
  async listByRole(): Promise<string[]> {
    const { rows } = await sql<{ email: string }>`
      select email from users where role = 'admin' order by email`.execute(this.db);
    return rows.map((row) => row.email);
  }
}
