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

/** The log of admin actions: who, what, when, from where. Rows are only ever added. */
export class AdminLog {
  constructor(
    private readonly db: Db,
    private readonly clock: Clock,
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
      .leftJoin("users", "users.id", "admin_actions.admin_user_id")
      // A target that is an account is shown by its email, not its id.
      .leftJoin("users as target_users", "target_users.id", "admin_actions.target")
      .select([
        "admin_actions.id",
        "admin_actions.admin_user_id",
        "admin_actions.action",
        "admin_actions.target",
        "admin_actions.detail",
        "admin_actions.ip",
        "admin_actions.created_at",
        "users.email as admin_email",
        "target_users.email as target_email",
      ]);
    if (query.action) select = select.where("admin_actions.action", "=", query.action);
    if (query.adminId) select = select.where("admin_actions.admin_user_id", "=", query.adminId);
    if (query.beforeId) select = select.where("admin_actions.id", "<", query.beforeId);
    return select.orderBy("admin_actions.id", "desc").limit(query.limit).execute();
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
