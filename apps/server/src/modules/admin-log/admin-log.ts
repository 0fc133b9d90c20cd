import type { Db } from "../../db/database.js";
import type { Clock } from "../../lib/clock.js";
import { newId } from "../../lib/ids.js";

export interface AdminAction {
  adminId: string;
  /** A dotted verb, e.g. `config.update`, `feedback.reply`. */
  action: string;
  /** What it acted on (a version, a feedback id). */
  target: string;
  detail?: Record<string, unknown>;
  /** Where the admin acted from. */
  ip: string;
}

/** Who acts, and from where. */
export type AdminActor = Pick<AdminAction, "adminId" | "ip">;

/**
 * The emails of the accounts among `ids` that exist (the users module's, passed in by the
 * wiring: admin-log sits below users).
 */
export type AccountEmails = (ids: readonly string[]) => Promise<ReadonlyMap<string, { email: string }>>;

/** The log of admin actions: who, what, when, from where. Rows are only ever added. */
export class AdminLog {
  constructor(
    private readonly db: Db,
    private readonly clock: Clock,
    /** Absent where nothing lists the log (the admin CLI only records): pages then show no emails. */
    private readonly emails: AccountEmails = async () => new Map(),
  ) {}

  async record(entry: AdminAction, db: Db = this.db): Promise<void> {
    await db
      .insertInto("admin_actions")
      .values({
        id: newId(this.clock.now()),
        admin_user_id: entry.adminId,
        action: entry.action,
        target: entry.target,
        detail: JSON.stringify(entry.detail ?? {}),
        ip: entry.ip,
        created_at: this.clock.now(),
      })
      .execute();
  }

  recent(limit: number) {
    return this.db.selectFrom("admin_actions").selectAll().orderBy("id", "desc").limit(limit).execute();
  }

  /** A page of the log, newest first, optionally of one action or one admin; rows before `beforeId`. */
  async page(query: { action?: string; adminId?: string; beforeId?: string; limit: number }) {
    let select = this.db
      .selectFrom("admin_actions")
      .select(["id", "admin_user_id", "action", "target", "detail", "ip", "created_at"]);
    if (query.action) select = select.where("action", "=", query.action);
    if (query.adminId) select = select.where("admin_user_id", "=", query.adminId);
    if (query.beforeId) select = select.where("id", "<", query.beforeId);
    const rows = await select.orderBy("id", "desc").limit(query.limit).execute();
    // A target that is an account is shown by its email, not its id.
    const emails = await this.emails(rows.flatMap((row) => [row.admin_user_id, row.target]));
    return rows.map((row) => ({
      ...row,
      admin_email: emails.get(row.admin_user_id)?.email ?? null,
      target_email: emails.get(row.target)?.email ?? null,
    }));
  }

  /** Actions of the given kinds within `[from, to)`, oldest first (the transparency report reads them). */
  between(actions: readonly string[], from: number, to: number) {
    return this.db
      .selectFrom("admin_actions")
      .select(["action", "target", "detail", "created_at"])
      .where("action", "in", actions)
      .where("created_at", ">=", from)
      .where("created_at", "<", to)
      .orderBy("id")
      .execute();
  }
}
