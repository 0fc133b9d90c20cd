import type { Selectable } from "kysely";
import type { Db } from "../../db/database.js";
import type { SessionsTable } from "../../db/schema.js";

export type SessionRow = Selectable<SessionsTable>;

/** Where a session is used from, recorded at sign-in and on use. */
export interface SessionContext {
  deviceId: string;
  ip: string;
  userAgent: string;
}

/** Every session a user ever opened (ended ones too), oldest first, on `db` (a transaction too). */
export function sessionHistory(
  db: Db,
  userId: string,
): Promise<{ device_id: string; ip: string; created_at: number }[]> {
  return db
    .selectFrom("sessions")
    .select(["device_id", "ip", "created_at"])
    .where("user_id", "=", userId)
    .orderBy("created_at", "asc")
    .execute();
}

/** Whether a session of the user (live or ended) was opened on `deviceId`. */
export async function deviceKnown(db: Db, userId: string, deviceId: string): Promise<boolean> {
  const row = await db
    .selectFrom("sessions")
    .select("id")
    .where("user_id", "=", userId)
    .where("device_id", "=", deviceId)
    .limit(1)
    .executeTakeFirst();
  return row !== undefined;
}

export class SessionsRepository {
  constructor(private readonly db: Db) {}

  async insert(session: SessionRow): Promise<void> {
    await this.db.insertInto("sessions").values(session).execute();
  }

  /** The session an access token names, with its owner's status (one query on every authenticated call). */
  findForUse(hash: string): Promise<(SessionRow & { user_status: string }) | undefined> {
    return this.db
      .selectFrom("sessions")
      .innerJoin("users", "users.id", "sessions.user_id")
      .selectAll("sessions")
      .select("users.status as user_status")
      .where("sessions.access_token_hash", "=", hash)
      .executeTakeFirst();
  }

  /** The owner's account status (ACTIVE, BLOCKED, PENDING, …), undefined when the account is gone. */
  async userStatus(userId: string): Promise<string | undefined> {
    const row = await this.db
      .selectFrom("users")
      .select("status")
      .where("id", "=", userId)
      .executeTakeFirst();
    return row?.status;
  }

  findByAccessHash(hash: string): Promise<SessionRow | undefined> {
    return this.db
      .selectFrom("sessions")
      .selectAll()
      .where("access_token_hash", "=", hash)
      .executeTakeFirst();
  }

  findByRefreshHash(hash: string): Promise<SessionRow | undefined> {
    return this.db
      .selectFrom("sessions")
      .selectAll()
      .where("refresh_token_hash", "=", hash)
      .executeTakeFirst();
  }

  /** Records a use; `context` fields that are '' keep what was recorded before. */
  async touch(
    id: string,
    at: number,
    context?: Partial<SessionContext>,
    accessExpiresAt?: number,
  ): Promise<void> {
    await this.db
      .updateTable("sessions")
      .set({
        last_used_at: at,
        ...(context?.deviceId ? { device_id: context.deviceId } : {}),
        ...(context?.ip ? { ip: context.ip } : {}),
        ...(context?.userAgent ? { user_agent: context.userAgent } : {}),
        ...(accessExpiresAt ? { access_expires_at: accessExpiresAt } : {}),
      })
      .where("id", "=", id)
      .execute();
  }

  /** Marks a row as replaced by a refresh; false when it was already revoked (a lost race or reuse). */
  async rotate(id: string, at: number): Promise<boolean> {
    const result = await this.db
      .updateTable("sessions")
      .set({ revoked_at: at, rotated_at: at })
      .where("id", "=", id)
      .where("revoked_at", "is", null)
      .executeTakeFirst();
    return Number(result.numUpdatedRows) > 0;
  }

  /** Revokes every live row of a family; answers how many rows ended. */
  async revokeFamily(familyId: string, at: number, userId?: string): Promise<number> {
    let query = this.db
      .updateTable("sessions")
      .set({ revoked_at: at })
      .where("family_id", "=", familyId)
      .where("revoked_at", "is", null);
    if (userId) query = query.where("user_id", "=", userId);
    const result = await query.executeTakeFirst();
    return Number(result.numUpdatedRows);
  }

  /** Revokes every live session of a user but `exceptFamily`, and every app password; answers how many sessions ended. */
  async revokeUser(userId: string, at: number, exceptFamily?: string): Promise<number> {
    let query = this.db
      .updateTable("sessions")
      .set({ revoked_at: at })
      .where("user_id", "=", userId)
      .where("revoked_at", "is", null);
    if (exceptFamily) query = query.where("family_id", "!=", exceptFamily);
    const result = await query.executeTakeFirst();
    // App passwords end with the sessions (password change or reset, sign out everywhere, deletion).
    await this.db.deleteFrom("app_passwords").where("user_id", "=", userId).execute();
    // Signed links made before carry the old generation and stop working.
    await this.db
      .updateTable("users")
      .set((eb) => ({ session_generation: eb("session_generation", "+", 1) }))
      .where("id", "=", userId)
      .execute();
    return Number(result.numUpdatedRows);
  }

  /** The user's live sessions (one row per family), most recently used first. */
  listLive(userId: string, now: number): Promise<SessionRow[]> {
    return this.db
      .selectFrom("sessions")
      .selectAll()
      .where("user_id", "=", userId)
      .where("revoked_at", "is", null)
      .where((eb) => eb.or([eb("access_expires_at", ">", now), eb("refresh_expires_at", ">", now)]))
      .orderBy("last_used_at", "desc")
      .orderBy("id", "desc")
      .execute();
  }

  /** Deletes rows whose refresh token expired before `before` (they can no longer signal reuse either). */
  async pruneExpired(before: number): Promise<number> {
    const result = await this.db
      .deleteFrom("sessions")
      .where("refresh_expires_at", "<", before)
      .where("access_expires_at", "<", before)
      .executeTakeFirst();
    return Number(result.numDeletedRows);
  }
}
