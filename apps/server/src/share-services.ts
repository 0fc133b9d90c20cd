import { AuditService } from "./modules/audit/audit-service.js";
import { Admins } from "./modules/console/admins.js";
import { AnonymousTraffic } from "./modules/downloads/anonymous-traffic.js";
import { LinkChecks } from "./modules/downloads/link-checks.js";
import type { PreviewService } from "./modules/previews/preview-service.js";
import { BlockedContent } from "./modules/shares/blocked-content.js";
import { PassCodeGuard } from "./modules/shares/pass-code-guard.js";
import { PassCodeTokens } from "./modules/shares/pass-code-tokens.js";
import { SensitiveWords } from "./modules/shares/sensitive-words.js";
import { ShareAccessChecker } from "./modules/shares/share-access.js";
import { ShareReports } from "./modules/shares/share-reports.js";
import { ShareRestore } from "./modules/shares/share-restore.js";
import { ShareService } from "./modules/shares/share-service.js";
import { ShareVisits } from "./modules/shares/share-visits.js";
import { SharesRepository } from "./modules/shares/shares-repository.js";
import type { UserSettingsStore } from "./modules/users/user-settings.js";
import type { Shared } from "./services.js";

/** Sharing: share links, visits, save to my drive, reports, and moderation. */
export interface ShareServices {
  shares: ShareService;
  shareVisits: ShareVisits;
  shareRestore: ShareRestore;
  shareReports: ShareReports;
  /** Content blocked by GCID, and the share rows: what the console's figures read. */
  blockedContent: BlockedContent;
  sharesRepository: SharesRepository;
  admins: Admins;
  audit: AuditService;
  /** Signed links checked on use: the user's session generation and the share they came through. */
  linkChecks: LinkChecks;
  /** Anonymous share visitors' per-address allowance. */
  anonymousTraffic: AnonymousTraffic;
  /** The SENSITIVE_WORD check's words; admins add and remove them in the console. */
  sensitiveWords: SensitiveWords;
}

/** Builds sharing and moderation and registers the `shares.restore` job. */
export function wireShares(
  shared: Shared,
  previews: PreviewService,
  userSettings: Pick<UserSettingsStore, "get">,
): ShareServices {
  const { db, config, clock, events, taskJobs, users, links, rateLimits } = shared;
  const files = shared.filesRepository;
  const repository = new SharesRepository(db);
  const guard = new PassCodeGuard(rateLimits);
  const sensitiveWords = new SensitiveWords({
    db,
    clock,
    adminLog: shared.adminLog,
    configured: config.shares.sensitiveWords,
  });
  const access = new ShareAccessChecker({
    db,
    shares: repository,
    tokens: new PassCodeTokens(config.secretKey),
    guard,
    clock,
    sensitiveWords,
    displaysSensitive: async (userId) => (await userSettings.get(userId)).displaySensitiveShare,
  });
  const shareRestore = new ShareRestore({
    db,
    access,
    shares: repository,
    files,
    events,
    taskJobs,
    clock,
    config,
  });
  shareRestore.registerJobs();
  const shareVisits = new ShareVisits({
    db,
    access,
    shares: repository,
    users,
    previews,
    links,
    clock,
    publicUrl: config.publicUrl,
  });
  const shareReports = new ShareReports(db, rateLimits, clock);
  const blockedContent = new BlockedContent(db);
  return {
    shares: new ShareService({
      db,
      shares: repository,
      files,
      access,
      guard,
      clock,
      publicUrl: config.publicUrl,
      review: config.shares.review,
    }),
    shareVisits,
    shareRestore,
    shareReports,
    blockedContent,
    sharesRepository: repository,
    admins: new Admins(db, config.shares.adminEmails),
    audit: new AuditService({
      db,
      shares: repository,
      reports: shareReports,
      blocked: blockedContent,
      clock,
    }),
    linkChecks: new LinkChecks(users, shareVisits),
    anonymousTraffic: new AnonymousTraffic(rateLimits, config.shares.anonymousTrafficBytes),
    sensitiveWords,
  };
}
