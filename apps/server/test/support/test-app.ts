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
import { type Clock, systemClock } from "../../src/lib/clock.js";

export interface TestApp {
  app: NimbusApp;
  config: Config;
  database: Database;
  blobs: BlobStore;
  close(): Promise<void>;
}

export interface TestAppOptions {
  env?: Record<string, string>;
  clock?: Clock;
  /** Lets a test wrap the real blob store, e.g. to inject a failure. */
  wrapBlobs?: (store: BlobStore) => BlobStore;
  /** Runs before the app is ready, to add test-only routes. */
  beforeReady?: (app: NimbusApp) => void;
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
  const database = await openDatabase(config.database);
  await database.migrate();
  const realBlobs = await createBlobStore(config.blobs);
  const blobs = options.wrapBlobs ? options.wrapBlobs(realBlobs) : realBlobs;
  const app = await buildApp({ config, database, blobs, clock: options.clock ?? systemClock });
  options.beforeReady?.(app);
  await app.ready();
  return {
    app,
    config,
    database,
    blobs,
    async close() {
      await app.close();
      await blobs.close();
      await database.close().catch(() => {});
      await postgres?.drop();
      await rm(dataDir, { recursive: true, force: true });
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
