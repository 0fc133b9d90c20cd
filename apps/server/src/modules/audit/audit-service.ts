import type { AuditShareResponse, AuditVerdict } from "@nimbus/protocol";
import type { Db } from "../../db/database.js";
import { type Clock, isoTime } from "../../lib/clock.js";
import { keysetPage, readPageToken } from "../../lib/page-token.js";
import type { BlockedContent } from "../shares/blocked-content.js";
import type { ShareReports } from "../shares/share-reports.js";
import { gcidsUnder, sharesHolding } from "../shares/share-tree.js";
import type { SharesRepository } from "../shares/shares-repository.js";

/** The review queue pages by share id (`VN…`), oldest first. */
const SHARE_ID = /^VN[A-Za-z0-9]{18}$/;

export interface AuditServiceDeps {
  db: Db;
  shares: SharesRepository;
  reports: ShareReports;
  blocked: BlockedContent;
  clock: Clock;
}

/** Moderation of shares (callers are checked by `Admins` first). */
export class AuditService {
  constructor(private readonly deps: AuditServiceDeps) {}

  /**
   * Blocks content by GCID: the given ones and those of `fileIds` of `shareUserId`
   * (folders: every file inside). Every share whose live tree holds one then
   * answers `verdict` (PROHIBITED or SENSITIVE_RESOURCE), now and later.
   */
  async blockContent(
    adminId: string,
    request: {
      shareUserId: string;
      gcids: readonly string[];
      fileIds: readonly string[];
      verdict: AuditVerdict;
    },
  ): Promise<AuditShareResponse> {
    const { db, clock } = this.deps;
    const fromFiles =
      request.shareUserId && request.fileIds.length > 0
        ? await gcidsUnder(db, request.shareUserId, request.fileIds)
        : [];
    const gcids = [...new Set([...request.gcids.map((gcid) => gcid.toUpperCase()), ...fromFiles])];
    await this.deps.blocked.block(gcids, request.verdict, adminId, clock.now());
    const shareIds = await sharesHolding(db, gcids);
    await this.deps.reports.markActioned(shareIds);
    return { gcids, share_ids: shareIds };
  }

  /** Decides shares waiting in the review queue; answers how many were decided. */
  decide(ids: readonly string[], approve: boolean): Promise<number> {
    return this.deps.shares.setReview(ids, "pending", approve ? "approved" : "rejected");
  }

  async pendingReviews(limit: number, pageToken?: string) {
    const after = pageToken ? readPageToken(pageToken, SHARE_ID)[0] : undefined;
    const rows = await this.deps.shares.listByReview("pending", limit + 1, after);
    const page = keysetPage(rows, limit, (last) => last.id);
    return {
      data: page.rows.map((row) => ({
        share_id: row.id,
        user_id: row.user_id,
        title: row.title,
        file_num: String(row.file_count),
        create_time: isoTime(row.created_at),
      })),
      next_page_token: page.nextPageToken,
    };
  }

  /**
   * Closes open reports without blocking anything (the share was fine). Reports already acted
   * on or dismissed stay as they are; answers the ids that were open and are now dismissed.
   */
  dismissReports(adminId: string, ids: readonly string[]): Promise<string[]> {
    return this.deps.reports.dismiss(ids, adminId);
  }

  /** Abuse reports, newest first; `open` only those neither acted on nor dismissed yet. */
  async reports(limit: number, pageToken?: string, open = false) {
    const rows = await this.deps.reports.list(limit + 1, pageToken, open);
    const page = keysetPage(rows, limit, (last) => last.id);
    const files = await this.deps.shares.fileIdsOf(page.rows.map((row) => row.share_id));
    return {
      data: page.rows.map((row) => ({
        id: row.id,
        share_id: row.share_id,
        share_user_id: row.share_user_id,
        share_title: row.share_title,
        file_ids: files.get(row.share_id) ?? [],
        action_time: row.actioned_at === null ? "" : isoTime(row.actioned_at),
        dismiss_time: row.dismissed_at === null ? "" : isoTime(row.dismissed_at),
        reporter_user_id: row.reporter_user_id,
        reason: row.reason as "other",
        description: row.description,
        create_time: isoTime(row.created_at),
      })),
      next_page_token: page.nextPageToken,
    };
  }
}
