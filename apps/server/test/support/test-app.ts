import { randomBytes } from "node:crypto";
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import pg from "pg";
import { buildApp } from "../../src/app.js";
import type { BlobStore } from "../../src/blobs/blob-store.js";
import { createBlobStore } from "../../src/blobs/index.js";
import { type Config, loadConfig } from "../../src/config/config.js";
import { type Database, openDatabase } from "../../src/db/database.js";
import type { NimbusApp } from "../../src/http/types.js";
import { DatabaseJobQueue } from "../../src/jobs/database-job-queue.js";
import { type Clock, systemClock } from "../../src/lib/clock.js";
import type { RateLimitStore } from "../../src/modules/rate-limits/rate-limit-store.js";

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
}

const appConfigs = new WeakMap<NimbusApp, Config>();

/** The configuration a test app was built with (e.g. to read its DATA_DIR mail outbox). */
export function configOf(app: NimbusApp): Config {
  const config = appConfigs.get(app);
  if (!config) throw new Error("not an app made by createTestApp");
  return config;
}

/** Which database the integration suite runs on: Postgres when TEST_DATABASE_URL is set, else a SQLite file. */
export const testDatabaseKind = process.env.TEST_DATABASE_URL ? "postgres" : "sqlite";

/**
 * A whole Nimbus app on a fresh temporary DATA_DIR and a fresh database: a new
 * SQLite file, or a new schema on TEST_DATABASE_URL, so test files never share rows.
 */
export async function createTestApp(options: TestAppOptions = {}): Promise<TestApp> {
  const dataDir = await mkdtemp(path.join(tmpdir(), "nimbus-test-"));
  const postgres = process.env.TEST_DATABASE_URL
    ? await createSchema(process.env.TEST_DATABASE_URL)
    : undefined;
  const config = loadConfig({
    DATA_DIR: dataDir,
    LOG_LEVEL: "silent",
    NODE_ENV: "test",
    PUBLIC_URL: "http://nimbus.test",
    ...(postgres ? { DATABASE_URL: postgres.url } : {}),
    ...options.env,
  });
  return boot(config, options, async () => {
    await postgres?.drop();
    await rm(dataDir, { recursive: true, force: true });
  });
}

async function boot(config: Config, options: TestAppOptions, dispose: () => Promise<void>): Promise<TestApp> {
  const database = await openDatabase(config.database);
  await database.migrate();
  const realBlobs = await createBlobStore(config.blobs);
  const blobs = options.wrapBlobs ? options.wrapBlobs(realBlobs) : realBlobs;
  const clock = options.clock ?? systemClock;
  const jobs = new DatabaseJobQueue({ db: database.db, clock, pollIntervalMs: 50, backoffMs: () => 0 });
  const app = await buildApp({
    config,
    database,
    blobs,
    clock,
    jobs,
    ...(options.rateLimits ? { rateLimits: options.rateLimits } : {}),
  });
  appConfigs.set(app, config);
  options.beforeReady?.(app);
  await app.ready();
  jobs.start();
  const stop = async () => {
    await app.close();
    await jobs.stop();
    await blobs.close();
    await database.close().catch(() => {});
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
      return boot(config, options, dispose);
    },
  };
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
        await client.query(`drop schema ${schema} cascade`);
      } finally {
        await client.end();
      }
    },
  };
}
