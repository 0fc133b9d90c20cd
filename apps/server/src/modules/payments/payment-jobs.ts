import type { JobQueue } from "../../jobs/job-queue.js";
import type { MembershipService } from "./membership-service.js";
import type { Settlement } from "./settlement.js";
import type { StripeProvider } from "./stripe-provider.js";

export const RECONCILE_ORDERS_JOB = "payments.reconcile";
export const PREMIUM_REMINDERS_JOB = "payments.expiry-reminders";

const MINUTE = 60_000;

/**
 * The reconcile job (every 10 minutes) grants paid orders whose grant is missing and
 * settles or expires stale checkouts (asking Stripe about its sessions); the reminder job
 * (every 6 hours) mails members whose premium ends soon.
 */
export function registerPaymentJobs(deps: {
  jobs: JobQueue;
  settlement: Settlement;
  membership: MembershipService;
  stripe: StripeProvider | null;
}): void {
  deps.jobs.register(RECONCILE_ORDERS_JOB, async () => {
    const stripe = deps.stripe;
    await deps.settlement.reconcile(stripe ? (ref) => stripe.checkoutState(ref) : undefined);
  });
  deps.jobs.register(PREMIUM_REMINDERS_JOB, async () => {
    await deps.membership.sendExpiryReminders();
  });
  deps.jobs.every(RECONCILE_ORDERS_JOB, 10 * MINUTE);
  deps.jobs.every(PREMIUM_REMINDERS_JOB, 360 * MINUTE);
}
