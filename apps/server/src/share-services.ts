import type { DriveServices } from "./drive-services.js";
import type { MediaServices } from "./media-services.js";
import { Admins } from "./modules/audit/admins.js";
import { AuditService } from "./modules/audit/audit-service.js";
import type { DownloadLinks } from "./modules/files/download-links.js";
import { FilesRepository } from "./modules/files/files-repository.js";
import type { RateLimitStore } from "./modules/rate-limits/rate-limit-store.js";
import { PassCodeGuard } from "./modules/shares/pass-code-guard.js";
import { PassCodeTokens } from "./modules/shares/pass-code-tokens.js";
import { ShareAccessChecker } from "./modules/shares/share-access.js";
import { ShareReports } from "./modules/shares/share-reports.js";
import { ShareRestore } from "./modules/shares/share-restore.js";
import { ShareService } from "./modules/shares/share-service.js";
import { ShareVisits } from "./modules/shares/share-visits.js";
import { SharesRepository } from "./modules/shares/shares-repository.js";
import type { UsersRepository } from "./modules/users/users-repository.js";
import type { AppDeps } from "./services.js";

/** Sharing (issue 7): share links, visits, save to my drive, reports, and moderation. */
export interface ShareServices {
  shares: ShareService;
  shareVisits: ShareVisits;
  shareRestore: ShareRestore;
  shareReports: ShareReports;
  admins: Admins;
  audit: AuditService;
}

export interface ShareWiring {
  drive: DriveServices;
  media: MediaServices;
  users: UsersRepository;
  links: DownloadLinks;
  rateLimits: RateLimitStore;
}

export function wireShares(deps: AppDeps, wiring: ShareWiring): ShareServices {
  const { db } = deps.database;
  const { config, clock } = deps;
  const repository = new SharesRepository(db);
  const files = new FilesRepository(db);
  const access = new ShareAccessChecker({
    db,
    shares: repository,
    tokens: new PassCodeTokens(config.secretKey),
    guard: new PassCodeGuard(wiring.rateLimits),
    clock,
    sensitiveWords: config.shares.sensitiveWords,
  });
  const shareRestore = new ShareRestore({
    db,
    access,
    shares: repository,
    files,
    events: wiring.drive.events,
    tasks: wiring.drive.tasks,
    jobs: deps.jobs,
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
      users: wiring.users,
      previews: wiring.media.previews,
      links: wiring.links,
      clock,
      publicUrl: config.publicUrl,
    }),
    shareRestore,
    shareReports: new ShareReports(db, wiring.rateLimits, clock),
    admins: new Admins(db, config.shares.adminEmails),
    audit: new AuditService({ db, shares: repository, clock }),
  };
}
