import type { AuditShareResponse, AuditVerdict } from "@nimbus/protocol";
import type { Db } from "../../db/database.js";
import { type Clock, isoTime } from "../../lib/clock.js";
import { keysetPage, readIdPageToken, readPageToken } from "../../lib/page-token.js";
import { gcidsUnder, sharesHolding } from "../shares/share-tree.js";
import type { SharesRepository } from "../shares/shares-repository.js";

/** The review queue pages by share id (`VN…`), oldest first. */
const SHARE_ID = /^VN[A-Za-z0-9]{18}$/;

export interface AuditServiceDeps {
  db: Db;
  shares: SharesRepository;
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
    const now = clock.now();
    for (const gcid of gcids) {
      await db
        .insertInto("blocked_gcids")
        .values({ gcid, verdict: request.verdict, blocked_by: adminId, created_at: now })
        .onConflict((oc) => oc.column("gcid").doUpdateSet({ verdict: request.verdict, blocked_by: adminId }))
        .execute();
    }
    const shareIds = await sharesHolding(db, gcids);
    if (shareIds.length > 0) {
      await db
        .updateTable("share_reports")
        .set({ actioned_at: now })
        .where("share_id", "in", shareIds)
        .where("actioned_at", "is", null)
        .execute();
    }
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

  /** Abuse reports, newest first; `open` only those not acted on yet. */
  async reports(limit: number, pageToken?: string, open = false) {
    let query = this.deps.db
      .selectFrom("share_reports")
      .innerJoin("shares", "shares.id", "share_reports.share_id")
      .selectAll("share_reports")
      .select(["shares.user_id as share_user_id", "shares.title as share_title"]);
    if (pageToken) query = query.where("share_reports.id", "<", readIdPageToken(pageToken));
    if (open) query = query.where("share_reports.actioned_at", "is", null);
    const rows = await query
      .orderBy("share_reports.id", "desc")
      .limit(limit + 1)
      .execute();
    const page = keysetPage(rows, limit, (last) => last.id);
    const files = await this.shareFiles(page.rows.map((row) => row.share_id));
    return {
      data: page.rows.map((row) => ({
        id: row.id,
        share_id: row.share_id,
        share_user_id: row.share_user_id,
        share_title: row.share_title,
        file_ids: files.get(row.share_id) ?? [],
        action_time: row.actioned_at === null ? "" : isoTime(Number(row.actioned_at)),
        reporter_user_id: row.reporter_user_id,
        reason: row.reason as "other",
        description: row.description,
        create_time: isoTime(Number(row.created_at)),
      })),
      next_page_token: page.nextPageToken,
    };
  }

  /** The item ids each share names, in order. */
  private async shareFiles(shareIds: readonly string[]): Promise<Map<string, string[]>> {
    const byShare = new Map<string, string[]>();
    if (shareIds.length === 0) return byShare;
    const rows = await this.deps.db
      .selectFrom("share_files")
      .select(["share_id", "file_id"])
      .where("share_id", "in", [...new Set(shareIds)])
      .orderBy("position")
      .execute();
    for (const row of rows) byShare.set(row.share_id, [...(byShare.get(row.share_id) ?? []), row.file_id]);
    return byShare;
  }
}
