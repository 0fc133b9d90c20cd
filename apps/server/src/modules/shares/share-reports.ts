import { NimbusError, type ShareReportReason } from "@nimbus/protocol";
import type { Db } from "../../db/database.js";
import type { Clock } from "../../lib/clock.js";
import { newId } from "../../lib/ids.js";
import { readIdPageToken } from "../../lib/page-token.js";
import type { RateLimitStore } from "../rate-limits/rate-limit-store.js";

const REPORTS_PER_HOUR = 20;

/** A stored report with the share it names. */
export interface ShareReportRow {
  id: string;
  share_id: string;
  share_user_id: string;
  share_title: string;
  reporter_user_id: string;
  reason: string;
  description: string;
  created_at: number;
  actioned_at: number | null;
  dismissed_at: number | null;
}

/**
 * "Report abuse": stored for admins (`GET /audit/v1/share/reports`), limited per address;
 * a report is open until content of its share is blocked (acted on) or an admin dismisses it.
 */
export class ShareReports {
  constructor(
    private readonly db: Db,
    private readonly rateLimits: RateLimitStore,
    private readonly clock: Clock,
  ) {}

  async report(report: {
    shareId: string;
    reporterId: string;
    ip: string;
    reason: ShareReportReason;
    description: string;
  }): Promise<void> {
    const share = await this.db
      .selectFrom("shares")
      .select("id")
      .where("id", "=", report.shareId)
      .executeTakeFirst();
    if (!share)
      throw new NimbusError("not_found", "no such share", { metadata: { share_id: report.shareId } });
    if ((await this.rateLimits.hit(`share-report:ip:${report.ip}`, 3_600_000)) > REPORTS_PER_HOUR) {
      throw new NimbusError("too_many_requests");
    }
    const now = this.clock.now();
    await this.db
      .insertInto("share_reports")
      .values({
        id: newId(now),
        share_id: report.shareId,
        reporter_user_id: report.reporterId,
        reporter_ip: report.ip,
        reason: report.reason,
        description: report.description,
        created_at: now,
      })
      .execute();
  }

  /** Reports newest first, from after the keyset `pageToken`; `open` only those neither acted on nor dismissed. */
  async list(limit: number, pageToken: string | undefined, open: boolean): Promise<ShareReportRow[]> {
    let query = this.db
      .selectFrom("share_reports")
      .innerJoin("shares", "shares.id", "share_reports.share_id")
      .selectAll("share_reports")
      .select(["shares.user_id as share_user_id", "shares.title as share_title"]);
    if (pageToken) query = query.where("share_reports.id", "<", readIdPageToken(pageToken));
    if (open) {
      query = query
        .where("share_reports.actioned_at", "is", null)
        .where("share_reports.dismissed_at", "is", null);
    }
    const rows = await query.orderBy("share_reports.id", "desc").limit(limit).execute();
    return rows.map((row) => ({
      ...row,
      created_at: Number(row.created_at),
      actioned_at: row.actioned_at === null ? null : Number(row.actioned_at),
      dismissed_at: row.dismissed_at === null ? null : Number(row.dismissed_at),
    }));
  }

  /** How many reports wait for an admin. */
  async countOpen(): Promise<number> {
    const row = await this.db
      .selectFrom("share_reports")
      .select((eb) => eb.fn.countAll<number | string>().as("n"))
      .where("actioned_at", "is", null)
      .where("dismissed_at", "is", null)
      .executeTakeFirstOrThrow();
    return Number(row.n);
  }

  /** Content of these shares was blocked: their open reports count as acted on now. */
  async markActioned(shareIds: readonly string[]): Promise<void> {
    if (shareIds.length === 0) return;
    await this.db
      .updateTable("share_reports")
      .set({ actioned_at: this.clock.now() })
      .where("share_id", "in", [...new Set(shareIds)])
      .where("actioned_at", "is", null)
      .where("dismissed_at", "is", null)
      .execute();
  }

  /** Closes open reports without action; answers the ids that were open. */
  async dismiss(ids: readonly string[], adminId: string): Promise<string[]> {
    const open = await this.db
      .selectFrom("share_reports")
      .select("id")
      .where("id", "in", [...new Set(ids)])
      .where("actioned_at", "is", null)
      .where("dismissed_at", "is", null)
      .execute();
    const dismissed = open.map((row) => row.id);
    if (dismissed.length === 0) return [];
    await this.db
      .updateTable("share_reports")
      .set({ dismissed_at: this.clock.now(), dismissed_by: adminId })
      .where("id", "in", dismissed)
      .where("actioned_at", "is", null)
      .where("dismissed_at", "is", null)
      .execute();
    return dismissed;
  }

  /** Reasons and times of the reports received in [from, to), for the transparency report. */
  async receivedBetween(
    from: number,
    to: number,
  ): Promise<{ reason: string; created_at: number; actioned_at: number | null }[]> {
    const rows = await this.db
      .selectFrom("share_reports")
      .select(["reason", "created_at", "actioned_at"])
      .where("created_at", ">=", from)
      .where("created_at", "<", to)
      .execute();
    return rows.map((row) => ({
      reason: row.reason,
      created_at: Number(row.created_at),
      actioned_at: row.actioned_at === null ? null : Number(row.actioned_at),
    }));
  }

  /** When the first report was received; undefined before any. */
  async firstTime(): Promise<number | undefined> {
    const row = await this.db
      .selectFrom("share_reports")
      .select((eb) => eb.fn.min<number | string | null>("created_at").as("first"))
      .executeTakeFirst();
    return row?.first === null || row?.first === undefined ? undefined : Number(row.first);
  }
}
