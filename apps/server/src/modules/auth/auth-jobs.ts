import type { JobQueue } from "../../jobs/job-queue.js";
import type { Clock } from "../../lib/clock.js";
import type { AuthorizationCodes } from "./authorization-codes.js";
import type { DeviceFlow } from "./device-flow.js";
import type { SessionsRepository } from "./sessions-repository.js";

export const AUTH_PRUNE_JOB = "auth.prune";
const DAY = 24 * 3_600_000;

/** Daily: sessions whose tokens all expired, spent or expired codes. */
export function registerAuthJobs(
  jobs: JobQueue,
  clock: Clock,
  parts: { sessions: SessionsRepository; codes: AuthorizationCodes; devices: DeviceFlow },
): void {
  jobs.register(AUTH_PRUNE_JOB, async () => {
    const now = clock.now();
    await parts.sessions.pruneExpired(now - DAY);
    await parts.codes.prune(now - DAY);
    await parts.devices.prune(now - DAY);
  });
  jobs.every(AUTH_PRUNE_JOB, DAY);
}
