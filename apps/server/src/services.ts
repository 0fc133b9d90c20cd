import type { FastifyBaseLogger } from "fastify";
import { type AccountServices, wireAccounts } from "./account-services.js";
import type { BlobStore } from "./blobs/blob-store.js";
import type { Config } from "./config/config.js";
import type { Database } from "./db/database.js";
import { type DriveServices, wireDrive } from "./drive-services.js";
import { type GrantsServices, wireGrants } from "./grants-services.js";
import type { JobQueue } from "./jobs/job-queue.js";
import type { Clock } from "./lib/clock.js";
import type { Mailer, SmsSender } from "./mail/index.js";
import { type MediaServices, wireMedia } from "./media-services.js";
import type { AuthService } from "./modules/auth/auth-service.js";
import { DriveEvents } from "./modules/events/drive-events.js";
import { DownloadLinks } from "./modules/files/download-links.js";
import { FilesRepository } from "./modules/files/files-repository.js";
import { FilesService } from "./modules/files/files-service.js";
import { MemoryRateLimitStore } from "./modules/rate-limits/memory-rate-limit-store.js";
import type { RateLimitStore } from "./modules/rate-limits/rate-limit-store.js";
import { scheduleUploadExpiry } from "./modules/uploads/upload-expiry.js";
import { UploadService } from "./modules/uploads/upload-service.js";
import { UsersRepository } from "./modules/users/users-repository.js";
import { type ShareServices, wireShares } from "./share-services.js";
import { type ShieldServices, wireShield } from "./shield-services.js";

/** What the process is wired from: configuration and the adapters chosen by it. */
export interface AppDeps {
  config: Config;
  database: Database;
  blobs: BlobStore;
  clock: Clock;
  /** Background work; routes and services enqueue, `main.ts` starts it after listen and stops it before the database closes. */
  jobs: JobQueue;
  /** Counters for rate limits and risk decisions; in memory unless the operator configures a shared store. */
  rateLimits?: RateLimitStore;
  /** Replace the configured mail and SMS adapters (tests). */
  mailer?: Mailer;
  sms?: SmsSender;
}

/** The domain services routes call, built once per app from its dependencies. */
export interface Services
  extends AppDeps,
    MediaServices,
    DriveServices,
    ShareServices,
    GrantsServices,
    ShieldServices,
    AccountServices {
  auth: AuthService;
  rateLimits: RateLimitStore;
  users: UsersRepository;
  files: FilesService;
  uploads: UploadService;
  links: DownloadLinks;
}

/** `log` is the app's logger (mail and SMS adapters log each message through it). */
export function createServices(deps: AppDeps, log: FastifyBaseLogger): Services {
  const { db } = deps.database;
  const users = new UsersRepository(db);
  const links = new DownloadLinks(deps.config.secretKey);
  const media = wireMedia(deps);
  const events = new DriveEvents(db, deps.clock);
  const rateLimits = deps.rateLimits ?? new MemoryRateLimitStore(deps.clock);
  const grants = wireGrants(deps, users, rateLimits);
  const { auth } = grants;
  const files = new FilesService({
    db,
    users,
    files: new FilesRepository(db),
    blobs: deps.blobs,
    links,
    clock: deps.clock,
    config: deps.config,
    events,
    previews: media.previews,
  });
  const drive = wireDrive(deps);
  return {
    ...deps,
    ...media,
    ...drive,
    ...grants,
    ...wireShares(deps, { drive, media, users, links, rateLimits }),
    ...wireShield(deps, { rateLimits, salts: (clientId) => grants.clients.find(clientId)?.captchaSalts }),
    users,
    links,
    auth,
    ...wireAccounts(deps, { auth, rateLimits, logger: log.child({ component: "mail" }) }),
    rateLimits,
    files,
    uploads: createUploads(deps, users, files, events, media.previews),
  };
}

/** The upload service, with its expiry job registered on the queue. */
function createUploads(
  deps: AppDeps,
  users: UsersRepository,
  files: FilesService,
  events: DriveEvents,
  previews: MediaServices["previews"],
): UploadService {
  const { db } = deps.database;
  const uploads = new UploadService({
    db,
    users,
    files: new FilesRepository(db),
    drive: files,
    blobs: deps.blobs,
    clock: deps.clock,
    config: deps.config,
    events,
    onFileCompleted: (file) => previews.onFileCompleted(file),
  });
  scheduleUploadExpiry(deps.jobs, {
    uploads: uploads.repository,
    resumable: uploads.resumable,
    clock: deps.clock,
    expiryMs: deps.config.uploads.expiryMs,
  });
  return uploads;
}
