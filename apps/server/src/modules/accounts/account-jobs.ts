import type { JobQueue } from "../../jobs/job-queue.js";
import type { Clock } from "../../lib/clock.js";
import type { AccountDeletion } from "./account-deletion.js";
import type { SigninGuard } from "./signin-guard.js";
import type { TwoFactorTokens } from "./two-factor-tokens.js";
import type { VerificationsRepository } from "./verifications-repository.js";

export const PURGE_DELETED_ACCOUNTS_JOB = "accounts.purge-deleted";
export const PRUNE_ACCOUNT_RECORDS_JOB = "accounts.prune";

const HOUR = 3_600_000;
/** Spent codes and old guard rows are kept this long after they stop mattering. */
const KEEP_MS = 24 * HOUR;

export interface AccountJobsDeps {
  jobs: JobQueue;
  clock: Clock;
  deletion: AccountDeletion;
  verifications: VerificationsRepository;
  twoFactorTokens: TwoFactorTokens;
  guard: SigninGuard;
}

/** Deletes accounts whose cancellation period passed (hourly) and prunes spent codes and tokens (daily). */
export function registerAccountJobs(deps: AccountJobsDeps): void {
  deps.jobs.register(PURGE_DELETED_ACCOUNTS_JOB, async () => {
    await deps.deletion.purgeDue();
  });
  deps.jobs.register(PRUNE_ACCOUNT_RECORDS_JOB, async () => {
    const before = deps.clock.now() - KEEP_MS;
    await deps.verifications.prune(before);
    await deps.twoFactorTokens.prune(before);
    await deps.guard.prune(before);
  });
  deps.jobs.every(PURGE_DELETED_ACCOUNTS_JOB, HOUR);
  deps.jobs.every(PRUNE_ACCOUNT_RECORDS_JOB, 24 * HOUR);
}
