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
}
