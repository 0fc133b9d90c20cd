import { NimbusError } from "@nimbus/protocol";
import type { Db } from "../../db/database.js";
import { emailsWithRole, findUser, idByEmail, setUserRole } from "../users/users-repository.js";

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
    const user = await findUser(this.db, userId);
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
    const id = await idByEmail(this.db, email);
    if (!id) return undefined;
    await setUserRole(this.db, id, role);
    return id;
  }

  /** Accounts whose role is admin (those of `ADMIN_EMAILS` are admins without it). */
  async listByRole(): Promise<string[]> {
    return emailsWithRole(this.db, "admin");
  }
}
