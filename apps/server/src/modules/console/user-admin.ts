import type { AdminUserDetail, AdminUserSummary } from "@nimbus/protocol";
import { NimbusError } from "@nimbus/protocol";
import type { Db } from "../../db/database.js";
import { type Clock, isoTime } from "../../lib/clock.js";
import { newId } from "../../lib/ids.js";
import { keysetPage, readPageToken } from "../../lib/page-token.js";
import type { AdminActor, AdminLog } from "../admin-log/admin-log.js";
import type { AppPasswords } from "../auth/app-passwords.js";
import type { AuthService } from "../auth/auth-service.js";
import { countLive } from "../files/index.js";
import { grant, revokePremium } from "../membership/entitlements.js";
import { PREMIUM_TYPE } from "../membership/ledger.js";
import type { Memberships } from "../membership/memberships.js";
import { countLiveShares } from "../shares/shares-repository.js";
import {
  type ConsoleUserRow,
  consoleUser,
  findUser,
  searchUsers,
  updateUser,
} from "../users/users-repository.js";
import type { Admins } from "./admins.js";

const USER_ID = /^[A-Za-z0-9_-]{1,64}$/;

export interface UserAdminDeps {
  db: Db;
  clock: Clock;
  auth: AuthService;
  /** Revoked when an account is frozen (its sessions only stop; unfreezing resumes them). */
  appPasswords: Pick<AppPasswords, "revokeAll">;
  memberships: Memberships;
  adminLog: AdminLog;
  admins: Admins;
  /** The accounts module's deletion (the one a user's own deletion ends in), passed in by the wiring. */
  accountDeletion: { deleteNow(userId: string): Promise<boolean> };
  /** The accounts module's two-step verification reset, which also tells the account. */
  twoFactorReset: { reset(userId: string): Promise<void> };
}

type UserListRow = ConsoleUserRow;

/**
 * The console's users: search, details, freeze and unfreeze, end sessions, grant or revoke
 * premium, reset two-step verification, delete; every change in the admin log.
 */
export class UserAdmin {
  constructor(private readonly deps: UserAdminDeps) {}

  /** Accounts whose email, phone, username, name or id contain `q` (case-insensitive), newest first. */
  async search(query: { q: string; status?: string; limit: number; pageToken?: string }) {
    const rows = await searchUsers(this.deps.db, {
      q: query.q.toLowerCase(),
      status: query.status,
      beforeId: query.pageToken ? readPageToken(query.pageToken, USER_ID)[0] : undefined,
      limit: query.limit + 1,
    });
    const page = keysetPage(rows, query.limit, (last) => last.id);
    return {
      data: await Promise.all(page.rows.map((row) => this.summary(row))),
      next_page_token: page.nextPageToken,
    };
  }

  async detail(userId: string): Promise<AdminUserDetail> {
    const { db, auth, memberships } = this.deps;
    const row = await this.row(userId);
    const [status, sessions, files, shares, user] = await Promise.all([
      memberships.status(userId),
      auth.listSessions(userId),
      countLive(db, userId),
      countLiveShares(db, userId),
      findUser(db, userId),
    ]);
    return {
      ...(await this.summary(row)),
      is_admin: await this.deps.admins.isAdmin(userId),
      storage_limit: String(status.storageLimit),
      premium_expires: status.premium ? isoTime(status.premium.expire) : "",
      two_factor: (user?.totp_enabled_at ?? null) !== null,
      file_count: String(files),
      share_count: String(shares),
      sessions: sessions.map((session) => ({
        id: session.family_id,
        client_id: session.client_id,
        device_id: session.device_id,
        ip: session.ip,
        create_time: isoTime(Number(session.family_created_at)),
        last_used_time: isoTime(Number(session.last_used_at)),
      })),
    };
  }

  /** Freezes an account: every session stops working at once and sign-in answers `user_blocked`. */
  async freeze(actor: AdminActor, userId: string): Promise<AdminUserDetail> {
    return this.setStatus(actor, userId, "BLOCKED", "user.freeze");
  }

  async unfreeze(actor: AdminActor, userId: string): Promise<AdminUserDetail> {
    return this.setStatus(actor, userId, "ACTIVE", "user.unfreeze");
  }

  async endSessions(actor: AdminActor, userId: string): Promise<AdminUserDetail> {
    await this.row(userId);
    const ended = await this.deps.auth.revokeAllSessions(userId);
    await this.deps.adminLog.record({
      ...actor,
      action: "user.end_sessions",
      target: userId,
      detail: { ended },
    });
    return this.detail(userId);
  }

  /** Premium for `days` more days, through the ledger's grant (stacking onto the current expiry). */
  async grantPremium(actor: AdminActor, userId: string, days: number): Promise<AdminUserDetail> {
    await this.row(userId);
    const now = this.deps.clock.now();
    await this.deps.db.transaction().execute(async (trx) => {
      const { grant: row } = await grant(trx, {
        userId,
        source: "admin",
        sourceRef: `admin:${newId(now)}`,
        premiumType: PREMIUM_TYPE,
        premiumDays: days,
        createdBy: actor.adminId,
        now,
      });
      await this.deps.adminLog.record(
        {
          ...actor,
          action: "user.grant_premium",
          target: userId,
          detail: { days, expires: isoTime(Number(row.ends_at)) },
        },
        trx,
      );
    });
    return this.detail(userId);
  }

  /** Ends the current premium now: the ledger revokes the grants it runs on. */
  async revokePremium(actor: AdminActor, userId: string): Promise<AdminUserDetail> {
    await this.row(userId);
    const before = await this.deps.memberships.status(userId);
    if (!before.premium) throw new NimbusError("failed_precondition", "the account is not premium");
    const now = this.deps.clock.now();
    await this.deps.db.transaction().execute(async (trx) => {
      const grants = await revokePremium(trx, userId, now);
      await this.deps.adminLog.record(
        {
          ...actor,
          action: "user.revoke_premium",
          target: userId,
          detail: { grants, was_expiring: isoTime(before.premium?.expire ?? now), expires: isoTime(now) },
        },
        trx,
      );
    });
    return this.detail(userId);
  }

  /** Turns the account's two-step verification off (recovery codes too); the account is told by mail. */
  async resetTwoFactor(actor: AdminActor, userId: string): Promise<AdminUserDetail> {
    await this.row(userId);
    await this.deps.twoFactorReset.reset(userId);
    await this.deps.adminLog.record({ ...actor, action: "user.reset_two_factor", target: userId });
    return this.detail(userId);
  }

  /**
   * Deletes an account now, the way a user's own deletion ends (files, shares, sessions,
   * holds). `confirm` must repeat its email (or phone, username, id); never oneself or an admin.
   */
  async deleteUser(actor: AdminActor, userId: string, confirm: string) {
    const row = await this.row(userId);
    if (actor.adminId === userId) {
      throw new NimbusError("permission_denied", "an admin cannot delete their own account here", {
        metadata: { reason: "SELF" },
      });
    }
    if (await this.deps.admins.isAdmin(userId)) {
      throw new NimbusError("permission_denied", "admin accounts cannot be deleted; revoke the role first", {
        metadata: { reason: "ADMIN_TARGET" },
      });
    }
    if (confirm.toLowerCase() !== accountLabel(row).toLowerCase()) {
      throw new NimbusError("invalid_argument", "the confirmation does not match the account", {
        metadata: { field: "confirm" },
      });
    }
    const deleted = await this.deps.accountDeletion.deleteNow(userId);
    await this.deps.adminLog.record({
      ...actor,
      action: "user.delete",
      target: userId,
      detail: { email: row.email, storage_usage: String(row.storage_usage), deleted },
    });
    return { id: userId, deleted };
  }

  private async setStatus(
    actor: AdminActor,
    userId: string,
    status: "ACTIVE" | "BLOCKED",
    action: string,
  ): Promise<AdminUserDetail> {
    const row = await this.row(userId);
    if (actor.adminId === userId) {
      throw new NimbusError("permission_denied", "an admin cannot freeze their own account", {
        metadata: { reason: "SELF" },
      });
    }
    if (row.status === "PENDING")
      throw new NimbusError("failed_precondition", "the account is not confirmed yet");
    await updateUser(this.deps.db, userId, { status }, this.deps.clock.now());
    if (status === "BLOCKED") await this.deps.appPasswords.revokeAll(userId);
    await this.deps.adminLog.record({
      ...actor,
      action,
      target: userId,
      detail: { from: row.status, to: status },
    });
    return this.detail(userId);
  }

  private async row(userId: string): Promise<UserListRow> {
    const row = await consoleUser(this.deps.db, userId);
    if (!row) throw new NimbusError("user_not_exist", "no such user", { metadata: { user_id: userId } });
    return row;
  }

  private async summary(row: UserListRow): Promise<AdminUserSummary> {
    const status = await this.deps.memberships.status(row.id);
    return {
      id: row.id,
      email: row.email,
      phone: row.phone ?? "",
      username: row.username ?? "",
      name: row.name,
      status: row.status,
      role: row.role,
      storage_usage: String(row.storage_usage),
      premium: status.premium !== null,
      create_time: isoTime(Number(row.created_at)),
    };
  }
}

/** What names an account in the console, and what deleting it asks to be typed. */
function accountLabel(row: UserListRow): string {
  return row.email || row.phone || row.username || row.id;
}
