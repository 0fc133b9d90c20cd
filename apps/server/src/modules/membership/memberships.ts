import type { Db } from "../../db/database.js";
import type { Clock } from "../../lib/clock.js";
import { statusOf } from "./entitlements.js";
import type { Limits, MembershipStatus } from "./ledger.js";

/**
 * The ledger's answers for the rest of the server: a user's membership status and the
 * limits that follow from it (storage, download traffic, task cap). Read fresh on
 * every call (one indexed query), so an expiry takes effect the moment it passes; pass
 * the transaction `db` to read inside one.
 */
export class Memberships {
  constructor(
    private readonly db: Db,
    private readonly clock: Clock,
    private readonly limits: Limits,
  ) {}

  status(userId: string, db: Db = this.db): Promise<MembershipStatus> {
    return statusOf(db, userId, this.clock.now(), this.limits);
  }

  async storageLimit(userId: string, db: Db = this.db): Promise<number> {
    return (await this.status(userId, db)).storageLimit;
  }

  async downloadTrafficLimit(userId: string, db: Db = this.db): Promise<number> {
    return (await this.status(userId, db)).downloadTrafficLimit;
  }
}
