import { type MembershipResponse, NimbusError, type PrivilegeVipResponse } from "@nimbus/protocol";
import type { Db } from "../../db/database.js";
import type { Clock } from "../../lib/clock.js";
import { isoTime } from "../../lib/clock.js";
import type { Mailer } from "../../mail/mailer.js";
import { premiumEndingBetween } from "../membership/entitlements.js";
import type { Memberships } from "../membership/memberships.js";
import { findUser } from "../users/users-repository.js";
import { expiryReminderMail } from "./payment-mails.js";
import type { PaymentProvider } from "./payment-provider.js";

/**
 * What a member sees of their membership: the privilege call, the account page's
 * summary, the user info fields, and cancelling or resuming a subscription.
 */
export class MembershipService {
  constructor(
    private readonly deps: {
      db: Db;
      clock: Clock;
      memberships: Memberships;
      providers: ReadonlyMap<string, PaymentProvider>;
      mailer: Mailer;
      publicUrl: string;
      reminderDays: number;
    },
  ) {}

  async privilegeVip(userId: string): Promise<PrivilegeVipResponse> {
    const status = await this.deps.memberships.status(userId);
    return {
      data: {
        expire: status.lastExpire ? isoTime(status.lastExpire) : "",
        status: status.premium ? "ok" : "invalid",
        type: status.premium ? "platinum" : "novip",
        user_id: userId,
      },
    };
  }

  async membership(userId: string): Promise<MembershipResponse> {
    const status = await this.deps.memberships.status(userId);
    const subscription = await this.liveSubscription(userId);
    const renews =
      subscription && subscription.cancel_at_period_end === 0 && subscription.current_period_end
        ? isoTime(Number(subscription.current_period_end))
        : undefined;
    return {
      premium: status.premium
        ? {
            type: status.premium.type,
            expire: isoTime(status.premium.expire),
            surplus_day: status.premium.surplusDay,
            ...(renews ? { renews_time: renews } : {}),
            cancel_at_period_end: subscription ? subscription.cancel_at_period_end === 1 : false,
          }
        : null,
      packs: status.packs.map((pack) => ({
        kind: pack.kind,
        bytes: pack.bytes,
        expire: pack.expire ? isoTime(pack.expire) : "",
      })),
      ...(subscription
        ? {
            subscription: {
              id: subscription.id,
              product_id: subscription.product_id,
              status: subscription.cancel_at_period_end === 1 ? ("cancelled" as const) : ("active" as const),
            },
          }
        : {}),
    };
  }

  /** Stops renewal at the end of the current period (the days already paid stay). */
  async setCancelAtPeriodEnd(userId: string, cancel: boolean): Promise<MembershipResponse> {
    const subscription = await this.liveSubscription(userId);
    if (!subscription) throw new NimbusError("subscription_not_found");
    const provider = this.deps.providers.get(subscription.provider);
    if (!provider)
      throw new NimbusError("payment_provider_unavailable", `${subscription.provider} is not configured`);
    await provider.setCancelAtPeriodEnd(subscription.provider_ref, cancel);
    await this.deps.db
      .updateTable("subscriptions")
      .set({
        cancel_at_period_end: cancel ? 1 : 0,
        status: cancel ? "cancelled" : "active",
        updated_at: this.deps.clock.now(),
      })
      .where("id", "=", subscription.id)
      .execute();
    return this.membership(userId);
  }

  private async liveSubscription(userId: string) {
    return this.deps.db
      .selectFrom("subscriptions")
      .selectAll()
      .where("user_id", "=", userId)
      .where("status", "in", ["active", "cancelled"])
      .orderBy("created_at", "desc")
      .executeTakeFirst();
  }

  /**
   * Mails each member whose premium ends within `reminderDays` and who has no renewing
   * subscription, once per expiry (the ledger's `reminder` marker grant makes it once).
   */
  async sendExpiryReminders(): Promise<number> {
    const { db, clock, reminderDays } = this.deps;
    if (reminderDays <= 0) return 0;
    const now = clock.now();
    const horizon = now + reminderDays * 86_400_000;
    let sent = 0;
    for (const userId of await premiumEndingBetween(db, now, horizon)) {
      const status = await this.deps.memberships.status(userId);
      if (!status.premium || status.premium.expire > horizon) continue;
      const subscription = await this.liveSubscription(userId);
      if (subscription && subscription.cancel_at_period_end === 0) continue;
      const marker = `${userId}:${status.premium.expire}`;
      const first = await db
        .insertInto("payment_events")
        .values({
          provider: "reminder",
          event_id: marker,
          type: "premium_expiry",
          order_id: null,
          received_at: now,
        })
        .onConflict((oc) => oc.columns(["provider", "event_id"]).doNothing())
        .executeTakeFirst();
      if (Number(first.numInsertedOrUpdatedRows ?? 0n) === 0) continue;
      const user = await findUser(db, userId);
      if (!user?.email) continue;
      await this.deps.mailer.send(
        expiryReminderMail({
          to: user.email,
          locale: user.locale,
          expire: status.premium.expire,
          days: status.premium.surplusDay,
          renewUrl: `${this.deps.publicUrl}/drive/payment`,
        }),
      );
      sent++;
    }
    return sent;
  }
}
