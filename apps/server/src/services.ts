import type { FastifyBaseLogger } from "fastify";
import { type AccountServices, wireAccounts } from "./account-services.js";
import type { BlobStore } from "./blobs/blob-store.js";
import type { Config } from "./config/config.js";
import type { Database, Db } from "./db/database.js";
import { type DriveServices, wireDrive } from "./drive-services.js";
import { type GrantsServices, wireGrants } from "./grants-services.js";
import type { JobQueue } from "./jobs/job-queue.js";
import type { Clock } from "./lib/clock.js";
import type { Mailer, SmsSender } from "./mail/index.js";
import { type MediaServices, wireMedia } from "./media-services.js";
import { DriveEvents } from "./modules/events/drive-events.js";
import { DownloadLinks } from "./modules/files/download-links.js";
import { FilesRepository } from "./modules/files/files-repository.js";
import { PreviewStore } from "./modules/previews/preview-store.js";
import { MemoryRateLimitStore } from "./modules/rate-limits/memory-rate-limit-store.js";
import type { RateLimitStore } from "./modules/rate-limits/rate-limit-store.js";
import { TaskService } from "./modules/tasks/task-service.js";
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

/**
 * The objects more than one area uses, built once by `createServices` and handed to every `wireX`:
 * no `wireX` builds its own copy of one of these.
 */
export interface Shared extends AppDeps {
  db: Db;
  rateLimits: RateLimitStore;
  users: UsersRepository;
  filesRepository: FilesRepository;
  previewStore: PreviewStore;
  events: DriveEvents;
  tasks: TaskService;
  links: DownloadLinks;
}

/** The domain services routes call (`services.x`), built once per app from its dependencies. */
export interface Services
  extends AppDeps,
    Pick<Shared, "users" | "events" | "tasks" | "links">,
    MediaServices,
    DriveServices,
    GrantsServices,
    ShareServices,
    ShieldServices,
    AccountServices {
  rateLimits: RateLimitStore;
}

/**
 * The composition root: shared objects first, then each area in dependency order.
 * `log` is the app's logger (mail and SMS adapters log each message through it).
 */
export function createServices(deps: AppDeps, log: FastifyBaseLogger): Services {
  const shared = createShared(deps);
  const media = wireMedia(shared);
  const drive = wireDrive(shared, media.previews);
  const grants = wireGrants(shared);
  const shares = wireShares(shared, media.previews);
  const shield = wireShield(shared, (clientId) => grants.clients.find(clientId)?.captchaSalts);
  const accounts = wireAccounts(shared, grants.auth, log.child({ component: "mail" }));
  const { rateLimits, users, events, tasks, links } = shared;
  return {
    ...deps,
    rateLimits,
    users,
    events,
    tasks,
    links,
    ...media,
    ...drive,
    ...grants,
    ...shares,
    ...shield,
    ...accounts,
  };
}

/** Stateless (a database handle, a clock, a key), so one of each serves the whole app. */
function createShared(deps: AppDeps): Shared {
  const { db } = deps.database;
  return {
    ...deps,
    db,
    rateLimits: deps.rateLimits ?? new MemoryRateLimitStore(deps.clock),
    users: new UsersRepository(db),
    filesRepository: new FilesRepository(db),
    previewStore: new PreviewStore(db),
    events: new DriveEvents(db, deps.clock),
    tasks: new TaskService(db, deps.clock),
    links: new DownloadLinks(deps.config.secretKey),
  };
}
