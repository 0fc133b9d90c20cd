import type { AuditShareResponse, AuditVerdict } from "@nimbus/protocol";
import type { Db } from "../../db/database.js";
import { type Clock, isoTime } from "../../lib/clock.js";
import { gcidsUnder, sharesHolding } from "../shares/share-tree.js";
import type { SharesRepository } from "../shares/shares-repository.js";

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
    return { gcids, share_ids: await sharesHolding(db, gcids) };
  }

  /** Decides shares waiting in the review queue; answers how many were decided. */
  decide(ids: readonly string[], approve: boolean): Promise<number> {
    return this.deps.shares.setReview(ids, "pending", approve ? "approved" : "rejected");
  }

  async pendingReviews(limit: number, pageToken?: string) {
    const after = pageToken ? Buffer.from(pageToken, "base64url").toString("utf8") : undefined;
    const rows = await this.deps.shares.listByReview("pending", limit + 1, after);
    const page = rows.slice(0, limit);
    const last = page.at(-1);
    return {
      data: page.map((row) => ({
        share_id: row.id,
        user_id: row.user_id,
        title: row.title,
        file_num: String(row.file_count),
        create_time: isoTime(row.created_at),
      })),
      next_page_token: rows.length > limit && last ? Buffer.from(last.id).toString("base64url") : "",
    };
  }

  /** Abuse reports, newest first. */
  async reports(limit: number, pageToken?: string) {
    let query = this.deps.db.selectFrom("share_reports").selectAll();
    if (pageToken) query = query.where("id", "<", Buffer.from(pageToken, "base64url").toString("utf8"));
    const rows = await query
      .orderBy("id", "desc")
      .limit(limit + 1)
      .execute();
    const page = rows.slice(0, limit);
    const last = page.at(-1);
    return {
      data: page.map((row) => ({
        id: row.id,
        share_id: row.share_id,
        reporter_user_id: row.reporter_user_id,
        reason: row.reason as "other",
        description: row.description,
        create_time: isoTime(Number(row.created_at)),
      })),
      next_page_token: rows.length > limit && last ? Buffer.from(last.id).toString("base64url") : "",
    };
  }
}
