import path from "node:path";
import type { BlobStore } from "../../blobs/blob-store.js";
import type { Config } from "../../config/config.js";
import type { Db } from "../../db/database.js";
import type { JobQueue } from "../../jobs/job-queue.js";
import type { Clock } from "../../lib/clock.js";
import type { DriveEvents } from "../events/drive-events.js";
import type { FileOperations } from "../files/index.js";
import { type BlobCollectionHook, collectGarbage } from "./blob-gc.js";
import { sweepTemp } from "./temp-sweep.js";

export const TRASH_EXPIRY_JOB = "space.trash-expiry";
export const BLOB_GC_JOB = "space.blob-gc";
export const EVENTS_PRUNE_JOB = "space.events-prune";
export const TEMP_SWEEP_JOB = "space.temp-sweep";

const HOUR = 3_600_000;
/** The activity feed keeps this long. */
export const EVENTS_RETENTION_MS = 90 * 24 * HOUR;

export interface SpaceJobsDeps {
  db: Db;
  blobs: BlobStore;
  clock: Clock;
  jobs: JobQueue;
  operations: FileOperations;
  events: DriveEvents;
  config: Pick<Config, "space" | "dataDir">;
  blobHooks?: readonly BlobCollectionHook[];
}

/**
 * The maintenance of space, run periodically through the job queue: trash
 * expiry (TRASH_RETENTION_DAYS), blob GC (BLOB_GC_GRACE_HOURS), pruning of
 * the activity feed, and the sweep of temporary files crashed work left (at
 * start, as every periodic job runs once then, and hourly).
 */
export function registerSpaceJobs(deps: SpaceJobsDeps): void {
  const { jobs, clock, config } = deps;
  jobs.register(TRASH_EXPIRY_JOB, async () => {
    const cutoff = clock.now() - config.space.trashRetentionMs;
    while ((await deps.operations.expireTrash(cutoff)) > 0) {
      // one batch of users per round, until nothing is due
    }
  });
  jobs.register(BLOB_GC_JOB, async () => {
    await collectGarbage({
      db: deps.db,
      blobs: deps.blobs,
      clock,
      graceMs: config.space.blobGcGraceMs,
      hooks: deps.blobHooks,
    });
  });
  jobs.register(EVENTS_PRUNE_JOB, async () => {
    await deps.events.prune(clock.now() - EVENTS_RETENTION_MS);
  });
  jobs.register(TEMP_SWEEP_JOB, async () => {
    await sweepTemp(deps.blobs, path.join(config.dataDir, "tmp"));
  });
  jobs.every(TRASH_EXPIRY_JOB, HOUR);
  jobs.every(BLOB_GC_JOB, HOUR);
  jobs.every(EVENTS_PRUNE_JOB, 24 * HOUR);
  // DATA_DIR/tmp is this node's own disk: every node sweeps its own.
  jobs.every(TEMP_SWEEP_JOB, HOUR, { perNode: true });
}
