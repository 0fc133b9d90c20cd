import { pino } from "pino";
import { buildApp } from "./app.js";
import { createBlobStore } from "./blobs/index.js";
import { ConfigError, loadConfig } from "./config/config.js";
import { openDatabase } from "./db/database.js";
import { DatabaseJobQueue } from "./jobs/database-job-queue.js";
import { systemClock } from "./lib/clock.js";

/** Wires the process from the environment and listens. Exits non-zero on bad config. */
async function main(): Promise<void> {
  let config: ReturnType<typeof loadConfig>;
  try {
    config = loadConfig(process.env);
  } catch (error) {
    if (error instanceof ConfigError) {
      process.stderr.write(`${error.message}\n`);
      process.exit(1);
    }
    throw error;
  }
  const logger = pino({ level: config.logLevel });
  const database = await openDatabase(config.database);
  await database.migrate();
  const blobs = await createBlobStore(config.blobs);
  // The cluster's shared counters and event wake-ups; a node without it counts alone.
  // Loaded on demand, like the AWS SDK: a single node without Redis does not pay for it.
  const redis = config.redis
    ? new (await import("ioredis")).Redis(config.redis.url, { lazyConnect: true })
    : undefined;
  await redis?.connect();
  const jobs = new DatabaseJobQueue({
    db: database.db,
    clock: systemClock,
    logger: logger.child({ component: "jobs" }),
    leaseMs: config.jobs.leaseMs,
  });
  const app = await buildApp(
    { config, database, blobs, clock: systemClock, jobs, ...(redis ? { redis } : {}) },
    { loggerInstance: logger },
  );

  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    logger.info({ signal }, "shutting down: finishing in-flight requests");
    try {
      await app.close(); // stops accepting, waits for in-flight requests
      await jobs.stop(); // aborts running jobs; their leases let the next start retry them
      await blobs.close();
      await redis?.quit();
      await database.close();
      logger.info("stopped");
      process.exit(0);
    } catch (error) {
      logger.error({ err: error }, "unclean shutdown");
      process.exit(1);
    }
  };
  process.once("SIGTERM", () => void shutdown("SIGTERM"));
  process.once("SIGINT", () => void shutdown("SIGINT"));

  await app.listen({ port: config.port, host: config.host });
  jobs.start();
  logger.info(
    {
      url: config.publicUrl,
      database: config.database.kind,
      blobs: config.blobs.kind,
      shared: redis ? "redis" : "in-process",
    },
    "Nimbus is ready",
  );
}

main().catch((error: unknown) => {
  process.stderr.write(
    `Nimbus failed to start: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`,
  );
  process.exit(1);
});
