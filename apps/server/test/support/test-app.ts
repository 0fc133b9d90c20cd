import { randomBytes } from "node:crypto";
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { Redis } from "ioredis";
import pg from "pg";
import { buildApp } from "../../src/app.js";
import type { BlobStore } from "../../src/blobs/blob-store.js";
import { createBlobStore } from "../../src/blobs/index.js";
import { type Config, loadConfig } from "../../src/config/config.js";
import { type Database, openDatabase } from "../../src/db/database.js";
import type { NimbusApp } from "../../src/http/types.js";
import { DatabaseJobQueue } from "../../src/jobs/database-job-queue.js";
import { type Clock, systemClock } from "../../src/lib/clock.js";
import { BackgroundSends } from "../../src/mail/background-sends.js";
import type { Mailer } from "../../src/mail/index.js";
import type { EventWakes } from "../../src/modules/events/event-wakes.js";
import type { RateLimitStore } from "../../src/modules/rate-limits/rate-limit-store.js";
import { acquireSharedS3rver } from "./s3rver.js";

export interface TestApp {
  app: NimbusApp;
  config: Config;
  database: Database;
  blobs: BlobStore;
  /** The app's job runner, started; `jobs.drain()` runs every due job to completion. */
  jobs: DatabaseJobQueue;
  close(): Promise<void>;
  /** Stops this app as a process exit would, then boots a new one on the same DATA_DIR and database. */
  restart(): Promise<TestApp>;
  /**
   * Another node of the same installation: a second app on this one's configuration (same
   * database, blob store, DATA_DIR and, when set, REDIS_URL), as a second process behind a
   * load balancer. Closing it leaves this app's database and files in place.
   */
  peer(options?: PeerOptions): Promise<TestApp>;
}

export interface TestAppOptions {
  env?: Record<string, string>;
  clock?: Clock;
  /** Lets a test wrap the real blob store, e.g. to inject a failure. */
  wrapBlobs?: (store: BlobStore) => BlobStore;
  /** Runs before the app is ready, to add test-only routes. */
  beforeReady?: (app: NimbusApp) => void;
  /** The rate-limit counters, for a test that records what another module would (e.g. sign-in failures). */
  rateLimits?: RateLimitStore;
  /** Replaces the DATA_DIR outbox mailer, e.g. to make sending slow. */
  mailer?: Mailer;
  /** The drive-event wake-ups, for a test that waits on them as a subscriber on this node would. */
  eventWakes?: EventWakes;
}

export interface PeerOptions extends Omit<TestAppOptions, "env"> {
  /** Boots on another database instead (e.g. one a backup was restored into). */
  database?: Config["database"];
}

const appConfigs = new WeakMap<NimbusApp, Config>();
const appSends = new WeakMap<NimbusApp, BackgroundSends>();

/** The configuration a test app was built with (e.g. to read its DATA_DIR mail outbox). */
export function configOf(app: NimbusApp): Config {
  const config = appConfigs.get(app);
  if (!config) throw new Error("not an app made by createTestApp");
  return config;
}

/** Waits until every code the app answered for has been sent (they go out after the answer). */
export async function sendsSettled(app: NimbusApp): Promise<void> {
  await appSends.get(app)?.settled();
}

/** Which database the integration suite runs on: Postgres when TEST_DATABASE_URL is set, else a SQLite file. */
export const testDatabaseKind = process.env.TEST_DATABASE_URL ? "postgres" : "sqlite";

/**
 * Where the integration suite keeps file bytes: `TEST_BLOB_STORE=s3` puts them in
 * an s3rver on loopback (one per test file, a fresh key prefix per test app), else
 * the local store under DATA_DIR.
 */
export const testBlobStoreKind = testBlobStoreFromEnv(process.env.TEST_BLOB_STORE);

function testBlobStoreFromEnv(value: string | undefined): "local" | "s3" {
  if (value === undefined || value === "" || value === "local") return "local";
  if (value === "s3") return "s3";
  throw new Error(`TEST_BLOB_STORE must be local or s3, not ${value}`);
}

/**
 * A whole Nimbus app on a fresh temporary DATA_DIR, a fresh database (a new SQLite
 * file, or a new schema on TEST_DATABASE_URL) and fresh blob storage, so test
 * files never share rows or bytes.
 */
export async function createTestApp(options: TestAppOptions = {}): Promise<TestApp> {
  const dataDir = await mkdtemp(path.join(tmpdir(), "nimbus-test-"));
  const postgres = process.env.TEST_DATABASE_URL
    ? await createSchema(process.env.TEST_DATABASE_URL)
    : undefined;
  const s3 = testBlobStoreKind === "s3" && !options.env?.BLOB_STORE ? await acquireSharedS3rver() : undefined;
  const config = loadConfig({
    DATA_DIR: dataDir,
    LOG_LEVEL: "silent",
    NODE_ENV: "test",
    PUBLIC_URL: "http://nimbus.test",
    ...(postgres ? { DATABASE_URL: postgres.url } : {}),
    ...(s3
      ? {
          BLOB_STORE: "s3",
          S3_ENDPOINT: s3.s3.endpoint,
          S3_BUCKET: s3.s3.bucket,
          S3_ACCESS_KEY_ID: "S3RVER",
          S3_SECRET_ACCESS_KEY: "S3RVER",
          S3_FORCE_PATH_STYLE: "true",
        }
      : {}),
    ...options.env,
  });
  const blobPrefix = `app-${randomBytes(6).toString("hex")}/`;
  return boot(config, blobPrefix, options, async () => {
    await postgres?.drop();
    await s3?.release();
    await rm(dataDir, { recursive: true, force: true });
  });
}

async function boot(
  config: Config,
  blobPrefix: string,
  options: TestAppOptions,
  dispose: () => Promise<void>,
  sharedDatabase?: Database,
): Promise<TestApp> {
  const database = sharedDatabase ?? (await openDatabase(config.database));
  await whileCatalogueStable(() => database.migrate());
  const realBlobs = await createBlobStore(
    config.blobs.kind === "s3" ? { ...config.blobs, prefix: blobPrefix } : config.blobs,
  );
  const blobs = options.wrapBlobs ? options.wrapBlobs(realBlobs) : realBlobs;
  const clock = options.clock ?? systemClock;
  const jobs = new DatabaseJobQueue({ db: database.db, clock, pollIntervalMs: 50, backoffMs: () => 0 });
  const redis = config.redis ? new Redis(config.redis.url) : undefined;
  const backgroundSends = new BackgroundSends({ info: () => {}, warn: () => {} });
  const app = await buildApp({
    config,
    database,
    blobs,
    clock,
    jobs,
    ...(options.rateLimits ? { rateLimits: options.rateLimits } : {}),
    ...(options.mailer ? { mailer: options.mailer } : {}),
    ...(redis ? { redis } : {}),
    ...(options.eventWakes ? { eventWakes: options.eventWakes } : {}),
    backgroundSends,
  });
  appConfigs.set(app, config);
  appSends.set(app, backgroundSends);
  options.beforeReady?.(app);
  await app.ready();
  jobs.start();
  const stop = async () => {
    await app.close();
    await jobs.stop();
    await blobs.close();
    await redis?.quit();
    if (!sharedDatabase) await database.close().catch(() => {});
  };
  return {
    app,
    config,
    database,
    blobs,
    jobs,
    async close() {
      await stop();
      await dispose();
    },
    async restart() {
      await stop();
      return boot(config, blobPrefix, options, dispose, sharedDatabase);
    },
    peer({ database: other, ...peerOptions } = {}) {
      const peerConfig = other ? { ...config, database: other } : config;
      // Two processes on one SQLite file each wait out the other's write lock in their own
      // thread. Two connections in this one process would not: better-sqlite3's busy wait
      // blocks the event loop, so the node holding a transaction across an await cannot
      // commit, and the other's write fails after busy_timeout (5 s). A peer on the same
      // SQLite file therefore shares this node's connection, as one process would; the
      // rows, not the connection, are what the nodes share (Postgres peers get their own pool).
      const shared = !other && config.database.kind === "sqlite" ? database : undefined;
      return boot(peerConfig, blobPrefix, { ...peerOptions, env: options.env }, async () => {}, shared);
    },
  };
}

/** The advisory lock between reading Postgres's catalogue and dropping a test schema. */
const CATALOGUE_LOCK = 7_246_001;

/**
 * Runs `fn` while no test schema can be dropped. Kysely's migrator and introspector list
 * the tables of every schema in the database, and a schema another test file drops in
 * the middle of that scan fails it with "schema … does not exist".
 */
export async function whileCatalogueStable<T>(fn: () => Promise<T>): Promise<T> {
  const baseUrl = process.env.TEST_DATABASE_URL;
  if (!baseUrl) return fn();
  const client = new pg.Client({ connectionString: baseUrl });
  await client.connect();
  try {
    await client.query("select pg_advisory_lock_shared($1)", [CATALOGUE_LOCK]);
    return await fn();
  } finally {
    await client.end(); // the session's end releases the lock
  }
}

async function createSchema(baseUrl: string): Promise<{ url: string; drop(): Promise<void> }> {
  const schema = `nimbus_test_${randomBytes(6).toString("hex")}`;
  const admin = new pg.Client({ connectionString: baseUrl });
  await admin.connect();
  try {
    await admin.query(`create schema ${schema}`);
  } finally {
    await admin.end();
  }
  const url = new URL(baseUrl);
  url.searchParams.set("options", `-c search_path=${schema}`);
  return {
    url: url.toString(),
    async drop() {
      const client = new pg.Client({ connectionString: baseUrl });
      await client.connect();
      try {
        await client.query("select pg_advisory_lock($1)", [CATALOGUE_LOCK]);
        await client.query(`drop schema ${schema} cascade`);
      } finally {
        await client.end(); // the session's end releases the lock
      }
    },
  };
}

/**
 * Ids of the uploads with unfinished bytes stored: the bucket's pieces when the blob store
 * shares them between nodes (S3), else the files under DATA_DIR/uploads.
 */
export async function storedUploadIds(t: Pick<TestApp, "blobs" | "config">): Promise<string[]> {
  const shared = t.blobs.uploadBytes?.();
  if (shared) return shared.ids();
  const { readdir } = await import("node:fs/promises");
  return readdir(t.config.uploads.dir).catch(() => []);
}
