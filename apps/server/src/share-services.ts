import { Admins } from "./modules/audit/admins.js";
import { AuditService } from "./modules/audit/audit-service.js";
import type { PreviewService } from "./modules/previews/preview-service.js";
import { PassCodeGuard } from "./modules/shares/pass-code-guard.js";
import { PassCodeTokens } from "./modules/shares/pass-code-tokens.js";
import { ShareAccessChecker } from "./modules/shares/share-access.js";
import { ShareReports } from "./modules/shares/share-reports.js";
import { ShareRestore } from "./modules/shares/share-restore.js";
import { ShareService } from "./modules/shares/share-service.js";
import { ShareVisits } from "./modules/shares/share-visits.js";
import { SharesRepository } from "./modules/shares/shares-repository.js";
import type { Shared } from "./services.js";

/** Sharing (issue 7): share links, visits, save to my drive, reports, and moderation. */
export interface ShareServices {
  shares: ShareService;
  shareVisits: ShareVisits;
  shareRestore: ShareRestore;
  shareReports: ShareReports;
  admins: Admins;
  audit: AuditService;
}

/** Builds sharing and moderation and registers the `shares.restore` job. */
export function wireShares(shared: Shared, previews: PreviewService): ShareServices {
  const { db, config, clock, jobs, events, tasks, users, links, rateLimits } = shared;
  const files = shared.filesRepository;
  const repository = new SharesRepository(db);
  const access = new ShareAccessChecker({
    db,
    shares: repository,
    tokens: new PassCodeTokens(config.secretKey),
    guard: new PassCodeGuard(rateLimits),
    clock,
    sensitiveWords: config.shares.sensitiveWords,
  });
  const shareRestore = new ShareRestore({
    db,
    access,
    shares: repository,
    files,
    events,
    tasks,
    jobs,
    clock,
    config,
  });
  shareRestore.registerJobs();
  return {
    shares: new ShareService({
      db,
      shares: repository,
      files,
      access,
      clock,
      publicUrl: config.publicUrl,
      review: config.shares.review,
    }),
    shareVisits: new ShareVisits({
      db,
      access,
      shares: repository,
      users,
      previews,
      links,
      clock,
      publicUrl: config.publicUrl,
    }),
    shareRestore,
    shareReports: new ShareReports(db, rateLimits, clock),
    admins: new Admins(db, config.shares.adminEmails),
    audit: new AuditService({ db, shares: repository, clock }),
  };
}
