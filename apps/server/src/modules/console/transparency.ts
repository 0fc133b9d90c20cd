import { SHARE_REPORT_REASONS, type ShareReportReason, type TransparencyReport } from "@nimbus/protocol";
import type { Clock } from "../../lib/clock.js";
import type { AdminLog } from "../admin-log/admin-log.js";
import type { BlockedContent } from "../shares/blocked-content.js";
import type { ShareReports } from "../shares/share-reports.js";
import type { SharesRepository } from "../shares/shares-repository.js";

/**
 * Admin-log actions that block shares, and those that act on accounts: a freeze, and a
 * deletion by an admin (a person deleting their own account is not in the admin log).
 */
const SHARE_ACTIONS = ["moderation.block", "moderation.reject"];
const ACCOUNT_ACTIONS = ["user.freeze", "user.delete"];

function yearBounds(year: number): [number, number] {
  return [Date.UTC(year, 0, 1), Date.UTC(year + 1, 0, 1)];
}

function median(values: number[]): number | null {
  if (values.length === 0) return null;
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1
    ? (sorted[middle] ?? 0)
    : ((sorted[middle - 1] ?? 0) + (sorted[middle] ?? 0)) / 2;
}

function shareIdsOf(detail: string): string[] {
  try {
    const parsed = JSON.parse(detail) as { share_ids?: unknown };
    return Array.isArray(parsed.share_ids) ? parsed.share_ids.filter((id) => typeof id === "string") : [];
  } catch {
    return [];
  }
}

/**
 * The public transparency report (spec: "built from the stored moderation data"): only
 * aggregated counts of one period, read from abuse reports, blocked GCIDs and the admin log.
 */
export interface TransparencySources {
  reports: ShareReports;
  blocked: BlockedContent;
  shares: SharesRepository;
  adminLog: AdminLog;
  clock: Clock;
}

export class TransparencyFigures {
  constructor(private readonly sources: TransparencySources) {}

  async report(year?: number): Promise<TransparencyReport> {
    const [from, to] = year === undefined ? [0, Number.MAX_SAFE_INTEGER] : yearBounds(year);
    const { reports: received, blocked, shares, adminLog } = this.sources;
    const [reports, contents, shareActions, accountActions] = await Promise.all([
      received.receivedBetween(from, to),
      blocked.countBetween(from, to),
      adminLog.between(SHARE_ACTIONS, from, to),
      adminLog.between(ACCOUNT_ACTIONS, from, to),
    ]);
    const byReason = new Map<ShareReportReason, { received: number; actioned: number }>(
      SHARE_REPORT_REASONS.map((reason) => [reason, { received: 0, actioned: 0 }]),
    );
    const delays: number[] = [];
    for (const row of reports) {
      const counts = byReason.get(row.reason as ShareReportReason) ?? byReason.get("other");
      if (!counts) continue;
      counts.received += 1;
      if (row.actioned_at !== null) {
        counts.actioned += 1;
        delays.push(Math.max(0, row.actioned_at - row.created_at));
      }
    }
    const shareIds = new Set<string>();
    for (const action of shareActions) {
      for (const id of action.action === "moderation.reject" ? [action.target] : shareIdsOf(action.detail)) {
        shareIds.add(id);
      }
    }
    const accounts = new Set(accountActions.map((action) => action.target));
    for (const owner of await shares.ownersOf([...shareIds])) accounts.add(owner);
    const mid = median(delays);
    return {
      period: year === undefined ? "all" : String(year),
      years: await this.years(),
      reports: [...byReason].map(([reason, counts]) => ({ reason, ...counts })),
      shares_blocked: shareIds.size,
      contents_blocked: contents,
      accounts_actioned: accounts.size,
      median_seconds_to_action: mid === null ? null : Math.round(mid / 1000),
    };
  }

  /** Every year from the first stored report or block to this one, newest first. */
  private async years(): Promise<number[]> {
    const firsts = (
      await Promise.all([this.sources.reports.firstTime(), this.sources.blocked.firstTime()])
    ).filter((time) => time !== undefined);
    const now = new Date(this.sources.clock.now()).getUTCFullYear();
    const first = firsts.length ? new Date(Math.min(...firsts)).getUTCFullYear() : now;
    const years: number[] = [];
    for (let year = now; year >= first; year -= 1) years.push(year);
    return years;
  }
}
