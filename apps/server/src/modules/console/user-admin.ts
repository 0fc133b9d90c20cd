import type { AdminUserDetail, AdminUserSummary } from "@nimbus/protocol";
import { NimbusError } from "@nimbus/protocol";
import { sql } from "kysely";
import type { Db } from "../../db/database.js";
import { type Clock, isoTime } from "../../lib/clock.js";
import { newId } from "../../lib/ids.js";
import { keysetPage, readPageToken } from "../../lib/page-token.js";
import type { AdminActor, AdminLog } from "../admin-log/admin-log.js";
import type { AppPasswords } from "../auth/app-passwords.js";
import type { AuthService } from "../auth/auth-service.js";
import { grant, revokePremium } from "../membership/entitlements.js";
import { PREMIUM_TYPE } from "../membership/ledger.js";
import type { Memberships } from "../membership/memberships.js";
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

interface UserListRow {
  id: string;
  email: string;
  phone: string | null;
  username: string | null;
  name: string;
  status: string;
  role: string;
  storage_usage: number | string;
  created_at: number | string;
}

/**
 * The console's users: search, details, freeze and unfreeze, end sessions, grant or revoke
 * premium, reset two-step verification, delete; every change in the admin log.
 */
export class UserAdmin {
  constructor(private readonly deps: UserAdminDeps) {}

  /** Accounts whose email, phone, username, name or id contain `q` (case-insensitive), newest first. */
  async search(query: { q: string; status?: string; limit: number; pageToken?: string }) {
    const { db } = this.deps;
    let select = db
      .selectFrom("users")
      .select(["id", "email", "phone", "username", "name", "status", "role", "storage_usage", "created_at"]);
    const q = query.q.toLowerCase();
    if (q) {
      const like = `%${q.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
      select = select.where((eb) =>
        eb.or(
          ["email", "phone", "username", "name", "id"].map(
            (column) => sql<boolean>`lower(coalesce(${sql.ref(column)}, '')) like ${like} escape '\\'`,
          ),
        ),
      );
    }
    if (query.status) select = select.where("status", "=", query.status);
    if (query.pageToken) select = select.where("id", "<", readPageToken(query.pageToken, USER_ID)[0]);
    const rows = (await select
      .orderBy("id", "desc")
      .limit(query.limit + 1)
      .execute()) as UserListRow[];
    const page = keysetPage(rows, query.limit, (last) => last.id);
    return {
      data: await Promise.all(page.rows.map((row) => this.summary(row))),
      next_page_token: page.nextPageToken,
    };
  }

  async detail(userId: string): Promise<AdminUserDetail> {
    const { db, auth, memberships } = this.deps;
    const row = await this.row(userId);
    const [status, sessions, files, shares, twoFactor] = await Promise.all([
      memberships.status(userId),
      auth.listSessions(userId),
      db
        .selectFrom("files")
        .select((eb) => eb.fn.countAll<number | string>().as("n"))
        .where("user_id", "=", userId)
        .where("trashed_at", "is", null)
        .executeTakeFirstOrThrow(),
      db
        .selectFrom("shares")
        .select((eb) => eb.fn.countAll<number | string>().as("n"))
        .where("user_id", "=", userId)
        .where("deleted_at", "is", null)
        .executeTakeFirstOrThrow(),
      db.selectFrom("users").select("totp_enabled_at").where("id", "=", userId).executeTakeFirstOrThrow(),
    ]);
    return {
      ...(await this.summary(row)),
      is_admin: await this.deps.admins.isAdmin(userId),
      storage_limit: String(status.storageLimit),
      premium_expires: status.premium ? isoTime(status.premium.expire) : "",
      two_factor: twoFactor.totp_enabled_at !== null,
      file_count: String(files.n),
      share_count: String(shares.n),
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
    await this.deps.db
      .updateTable("users")
      .set({ status, updated_at: this.deps.clock.now() })
      .where("id", "=", userId)
      .execute();
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
    const row = (await this.deps.db
      .selectFrom("users")
      .select(["id", "email", "phone", "username", "name", "status", "role", "storage_usage", "created_at"])
      .where("id", "=", userId)
      .executeTakeFirst()) as UserListRow | undefined;
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
