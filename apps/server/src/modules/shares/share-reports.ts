import { NimbusError, type ShareReportReason } from "@nimbus/protocol";
import type { Db } from "../../db/database.js";
import type { Clock } from "../../lib/clock.js";
import { newId } from "../../lib/ids.js";
import type { RateLimitStore } from "../rate-limits/rate-limit-store.js";

const REPORTS_PER_HOUR = 20;

/** "Report abuse": stored for admins (`GET /audit/v1/share/reports`), limited per address. */
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
}
