import type { JobQueue } from "../../jobs/job-queue.js";
import type { Clock } from "../../lib/clock.js";
import type { ResumableUploads } from "./resumable-uploads.js";
import type { UploadsRepository } from "./uploads-repository.js";

/** The periodic job that drops abandoned uploads. */
export const EXPIRE_UPLOADS_JOB = "uploads.expire";
/** Every node's sweep of unowned upload bytes on its own disk. */
export const SWEEP_UPLOAD_ORPHANS_JOB = "uploads.sweep-orphans";
const EXPIRY_SWEEP_INTERVAL_MS = 15 * 60 * 1000;
const BATCH = 100;
const MAX_BATCHES = 1000;

export interface UploadExpiryDeps {
  uploads: UploadsRepository;
  resumable: Pick<ResumableUploads, "store" | "drop">;
  clock: Clock;
  expiryMs: number;
}

/**
 * Drops every upload past its expiry: an unfinished one loses its bytes, its
 * pending file and its storage reservation; a finished or failed one just its
 * session row. Also drops stale challenges, and upload bytes left without an
 * upload (a crash between two steps) once they are older than the expiry.
 * Returns how many uploads were dropped.
 */
export async function expireUploads(deps: UploadExpiryDeps): Promise<number> {
  const now = deps.clock.now();
  let dropped = 0;
  for (let batch = 0; batch < MAX_BATCHES; batch++) {
    const expired = await deps.uploads.expiredIds(now, BATCH);
    for (const { id } of expired) {
      const ended = await deps.uploads.end(id, "deleted");
      if (ended?.state === "active") await deps.uploads.deletePendingFile(ended.user_id, ended.file_id);
      if (ended) dropped++;
      await deps.resumable.drop(id);
    }
    if (expired.length < BATCH) break;
  }
  await deps.uploads.deleteExpiredChallenges(now);
  await sweepUploadOrphans(deps);
  return dropped;
}

/**
 * Drops upload bytes that no live upload owns, once older than the expiry: on this node's
 * disk those of uploads another node expired (it could only drop its own disk's bytes); in
 * a shared store what a crash between two steps left.
 */
export async function sweepUploadOrphans(deps: UploadExpiryDeps): Promise<void> {
  const now = deps.clock.now();
  const { store } = deps.resumable;
  for (const id of await store.ids()) {
    if (await deps.uploads.isLive(id)) continue;
    const modified = await store.modifiedAt(id);
    if (modified !== undefined && modified < now - deps.expiryMs) await deps.resumable.drop(id);
  }
}

/**
 * Registers the expiry job, run every 15 minutes once in the cluster, and the sweep of this
 * node's orphaned upload bytes, run on every node (call before the queue starts).
 */
export function scheduleUploadExpiry(jobs: JobQueue, deps: UploadExpiryDeps): void {
  jobs.register(EXPIRE_UPLOADS_JOB, async () => {
    await expireUploads(deps);
  });
  jobs.register(SWEEP_UPLOAD_ORPHANS_JOB, async () => {
    await sweepUploadOrphans(deps);
  });
  jobs.every(EXPIRE_UPLOADS_JOB, EXPIRY_SWEEP_INTERVAL_MS);
  jobs.every(SWEEP_UPLOAD_ORPHANS_JOB, EXPIRY_SWEEP_INTERVAL_MS, { perNode: true });
}
