import type { FastifyBaseLogger } from "fastify";
import type { Redis } from "ioredis";
import { type AccountServices, wireAccounts } from "./account-services.js";
import type { BlobStore } from "./blobs/blob-store.js";
import type { Config } from "./config/config.js";
import { type ConsoleServices, wireConsole } from "./console-services.js";
import type { Database, Db } from "./db/database.js";
import { type DriveServices, wireDrive } from "./drive-services.js";
import { type GrantsServices, wireGrants } from "./grants-services.js";
import type { JobQueue } from "./jobs/job-queue.js";
import type { Clock } from "./lib/clock.js";
import { DataVolume } from "./lib/data-volume.js";
import type { BackgroundSends } from "./mail/background-sends.js";
import type { Mailer, SmsSender } from "./mail/index.js";
import { type MediaServices, wireMedia } from "./media-services.js";
import { type MembershipServices, wireMembership } from "./membership-services.js";
import { AdminLog } from "./modules/admin-log/admin-log.js";
import { DriveEvents } from "./modules/events/drive-events.js";
import { type EventWakes, LocalEventWakes, RedisEventWakes } from "./modules/events/event-wakes.js";
import { FilesRepository } from "./modules/files/index.js";
import { DownloadLinks } from "./modules/links/download-links.js";
import { type Locks, MemoryLocks } from "./modules/locks/locks.js";
import { RedisLocks } from "./modules/locks/redis-locks.js";
import { Memberships } from "./modules/membership/memberships.js";
import { HttpSource } from "./modules/offline/http-source.js";
import { OfflineService } from "./modules/offline/offline-service.js";
import type { OfflineSource } from "./modules/offline/offline-source.js";
import { isAddressAllowed, SsrfGuard } from "./modules/offline/ssrf-guard.js";
import { TorrentSource } from "./modules/offline/torrent-source.js";
import { PreviewStore } from "./modules/previews/preview-store.js";
import { MemoryRateLimitStore } from "./modules/rate-limits/memory-rate-limit-store.js";
import type { RateLimitStore } from "./modules/rate-limits/rate-limit-store.js";
import { RedisRateLimitStore } from "./modules/rate-limits/redis-rate-limit-store.js";
import { AppSaveFolders } from "./modules/shares/app-save-folders.js";
import { TaskJobs } from "./modules/tasks/task-jobs.js";
import { TaskService } from "./modules/tasks/task-service.js";
import type { UserSettingsStore } from "./modules/users/user-settings.js";
import { contactsOf, UsersRepository } from "./modules/users/users-repository.js";
import { DavLocks } from "./modules/webdav/dav-locks.js";
import { DavProperties } from "./modules/webdav/dav-properties.js";
import { DavTree } from "./modules/webdav/dav-tree.js";
import { type OperatorServices, wireOperators } from "./operator-services.js";
import { type PlaybackServices, wirePlayback } from "./playback-services.js";
import { type PlaybackStateServices, wirePlaybackState } from "./playback-state-services.js";
import { type RewardsServices, wireRewards } from "./rewards-services.js";
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
  /**
   * The cluster's Redis (`REDIS_URL`), opened and closed by `main.ts`: counters and drive-event
   * wake-ups are shared through it. Unset: they stay in this process.
   */
  redis?: Redis;
  /** Replace the wake-ups of drive-event waiters (tests); else Redis with `redis`, memory without. */
  eventWakes?: EventWakes;
  /** Replace the configured mail and SMS adapters (tests). */
  mailer?: Mailer;
  sms?: SmsSender;
  /** Replace the background sender of codes (tests wait on it before reading the outbox). */
  backgroundSends?: BackgroundSends;
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
  /** Wake-ups saying "the remote config changed" (channel `<prefix>config-changes` when Redis is set), to every node. */
  configChanges: EventWakes;
  /** Named leases: in this process, or on every node through Redis (e.g. one tus upload's PATCHes). */
  locks: Locks;
  tasks: TaskService;
  /** Task-backed jobs (copy, restore, decompress) run through this one lifecycle. */
  taskJobs: TaskJobs;
  links: DownloadLinks;
  /** The entitlement ledger's answers (premium, storage and traffic limits), read by every area that checks a limit. */
  memberships: Memberships;
  /** The log of admin actions, written by every area an admin acts in. */
  adminLog: AdminLog;
  /** DATA_DIR's volume: free space against the reserve, and the spare released when it fills. */
  dataVolume: DataVolume;
}

/** The domain services routes call (`services.x`), built once per app from its dependencies. */
export interface Services
  extends AppDeps,
    Pick<Shared, "users" | "events" | "tasks" | "links" | "memberships" | "dataVolume">,
    MediaServices,
    PlaybackServices,
    PlaybackStateServices,
    DriveServices,
    GrantsServices,
    ShareServices,
    ShieldServices,
    AccountServices,
    RewardsServices,
    OperatorServices,
    ConsoleServices,
    MembershipServices {
  rateLimits: RateLimitStore;
  backgroundSends: BackgroundSends;
  /** Cloud download (offline tasks, URL checker). */
  offline: OfflineService;
  /** The BitTorrent source; its child process stops when the app closes. */
  torrents: TorrentSource;
  /** Where another app's save from a share lands, by the user's folder settings (decision 0045). */
  appSaveFolders: AppSaveFolders;
  /** The drive as WebDAV addresses it: paths of names. */
  davTree: DavTree;
  /** WebDAV dead properties (PROPPATCH). */
  davProperties: DavProperties;
  /** WebDAV write locks (LOCK/UNLOCK), in the database so every node honours them. */
  davLocks: DavLocks;
}

/**
 * The composition root: shared objects first, then each area in dependency order.
 * `log` is the app's logger (mail and SMS adapters log each message through it).
 */
export function createServices(deps: AppDeps, log: FastifyBaseLogger): Services {
  const shared = createShared(deps, log);
  const media = wireMedia(shared);
  const drive = wireDrive(shared, media.previews);
  const grants = wireGrants(shared);
  const shares = wireShares(shared, media.previews, grants.userSettings);
  const playback = wirePlayback(shared, media, drive, shares);
  const playbackState = wirePlaybackState(shared, media, shares);
  const shield = wireShield(shared, (clientId) => grants.clients.find(clientId)?.captchaSalts);
  const mailLog = log.child({ component: "mail" });
  const accounts = wireAccounts(shared, grants, mailLog);
  const rewards = wireRewards(shared);
  const membership = wireMembership(shared, accounts.mail, mailLog, rewards.campaigns);
  const operators = wireOperators(shared, accounts.mail, accounts.backgroundSends);
  const adminConsole = wireConsole(shared, {
    auth: grants.auth,
    appPasswords: grants.appPasswords,
    adminLog: operators.adminLog,
    admins: shares.admins,
    accounts,
    shares,
  });
  const { rateLimits, users, events, tasks, links, memberships, dataVolume } = shared;
  // Magnets and .torrent files: peers and trackers pass the same address rule (decision 0026).
  const torrents = new TorrentSource({
    ...shared.config.torrent,
    isAddressAllowed: (ip) => isAddressAllowed(ip, shared.config.offline.allowPrivate),
  });
  const offline = wireOffline(shared, drive, grants.userSettings, [torrents]);
  const appSaveFolders = new AppSaveFolders({
    db: shared.db,
    files: drive.files,
    clients: grants.clients,
    settings: grants.userSettings,
  });
  return {
    offline,
    torrents,
    appSaveFolders,
    davTree: new DavTree(shared.db),
    davProperties: new DavProperties(shared.db, shared.clock),
    davLocks: new DavLocks(shared.db, shared.clock),
    ...deps,
    rateLimits,
    users,
    events,
    tasks,
    links,
    memberships,
    dataVolume,
    ...media,
    ...playback,
    ...playbackState,
    ...drive,
    ...grants,
    ...shares,
    ...shield,
    ...accounts,
    ...rewards,
    ...operators,
    ...adminConsole,
    ...membership,
  };
}

/**
 * Cloud download: the SSRF guard every source connects through, the sources (web
 * links here; the BitTorrent source comes in `extraSources`), and the `offline.fetch` job.
 */
function wireOffline(
  shared: Shared,
  drive: DriveServices,
  userSettings: UserSettingsStore,
  extraSources: OfflineSource[] = [],
): OfflineService {
  const { offline } = shared.config;
  const guard = new SsrfGuard({ allowPrivate: offline.allowPrivate });
  const http = new HttpSource({
    guard,
    maxBytes: offline.maxBytes,
    bandwidthBytesPerSecond: offline.bandwidthBytesPerSecond,
  });
  const service = new OfflineService({
    db: shared.db,
    clock: shared.clock,
    config: shared.config,
    blobs: shared.blobs,
    users: shared.users,
    tasks: shared.tasks,
    taskJobs: shared.taskJobs,
    uploads: drive.uploads,
    files: drive.files,
    filesRepository: shared.filesRepository,
    operations: drive.operations,
    sources: [http, ...extraSources],
    filterJunk: async (userId) => (await userSettings.get(userId)).filterFilesWhenCreate,
    plans: {
      planOf: async (userId) => {
        const status = await shared.memberships.status(userId);
        return { premium: status.premium !== null, extraDailyTasks: status.offlineTasksPerDay };
      },
    },
  });
  service.registerJobs();
  return service;
}

/** Stateless (a database handle, a clock, a key), so one of each serves the whole app. */
function createShared(deps: AppDeps, log: FastifyBaseLogger): Shared {
  const { db } = deps.database;
  const tasks = new TaskService(db, deps.clock);
  const rateLimits = deps.rateLimits ?? rateLimitStore(deps);
  return {
    ...deps,
    db,
    rateLimits,
    users: new UsersRepository(db),
    filesRepository: new FilesRepository(db),
    previewStore: new PreviewStore(db),
    events: new DriveEvents(db, deps.clock, deps.eventWakes ?? eventWakes(deps, log), rateLimits),
    configChanges: eventWakes(deps, log, "config-changes"),
    locks: locks(deps, log),
    tasks,
    taskJobs: new TaskJobs(db, tasks, deps.jobs),
    links: new DownloadLinks(deps.config.secretKey),
    memberships: new Memberships(db, deps.clock, deps.config.quota),
    adminLog: new AdminLog(db, deps.clock, (ids) => contactsOf(db, ids)),
    dataVolume: new DataVolume({ dir: deps.config.dataDir, ...deps.config.disk }),
  };
}

/** The counters: Redis when the cluster has one (every node counts in the same keys), else memory. */
function rateLimitStore(deps: AppDeps): RateLimitStore {
  if (deps.redis) return new RedisRateLimitStore(deps.redis, deps.config.redis?.keyPrefix);
  return new MemoryRateLimitStore(deps.clock);
}

/** Leases: Redis when the cluster has one (a key held on one node is held for all), else memory. */
function locks(deps: AppDeps, log: FastifyBaseLogger): Locks {
  if (!deps.redis) return new MemoryLocks();
  const locksLog = log.child({ component: "locks" });
  return new RedisLocks(deps.redis, deps.config.redis?.keyPrefix, {
    onError: (err) => locksLog.warn({ err }, "renewing a lock in Redis failed"),
  });
}

/** Wake-ups (drive events, config changes): published through Redis to every node when the cluster has one. */
function eventWakes(deps: AppDeps, log: FastifyBaseLogger, topic = "drive-events"): EventWakes {
  if (!deps.redis) return new LocalEventWakes();
  const wakesLog = log.child({ component: "event-wakes", topic });
  return new RedisEventWakes(
    deps.redis,
    deps.config.redis?.keyPrefix,
    (err) => wakesLog.warn({ err }, "wake-up through Redis failed"),
    topic,
  );
}
