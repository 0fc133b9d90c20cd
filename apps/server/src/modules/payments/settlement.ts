import type { Db } from "../../db/database.js";
import type { OrderRow } from "../../db/schema.js";
import type { Clock } from "../../lib/clock.js";
import { newId } from "../../lib/ids.js";
import { grant, revoke } from "../membership/entitlements.js";
import { grantsOf, numericOrder, numericProduct } from "./product-rows.js";
import type { Receipts } from "./receipts.js";
import { extendSubscription, upsertSubscription } from "./subscriptions.js";

/** What an order's provider tells about the payment. */
export interface PaidDetails {
  /** The provider's payment id (a PaymentIntent), so a refund finds the order. */
  payment?: string | null;
  /** The provider's subscription id when the order started one. */
  subscription?: string | null;
}

/** Asks Stripe how a Checkout Session stands (`paid`, `open`, …). */
export type CheckoutLookup = (
  ref: string,
) => Promise<{ state: string; payment: string | null; subscription: string | null }>;

const PENDING_EXPIRE_MS = 24 * 3_600_000;

/**
 * An order's state after checkout: every change is one transaction that also writes (or
 * revokes) what the order grants in the ledger, so a paid order without its grant, or a
 * grant twice, cannot be committed.
 */
export class Settlement {
  constructor(
    private readonly deps: {
      db: Db;
      clock: Clock;
      receipts: Receipts;
      log?: { warn(fields: Record<string, unknown>, message: string): void };
    },
  ) {}

  /**
   * Marks an order paid and grants what it buys, in one transaction (or in `trx`, the
   * caller's). Idempotent: an order already paid and granted stays as it is; a refunded
   * one is not granted again. Returns whether this call granted.
   */
  async settlePaid(orderId: string, details: PaidDetails, trx?: Db): Promise<boolean> {
    const run = async (db: Db): Promise<{ granted: boolean; order: OrderRow | null }> => {
      const now = this.deps.clock.now();
      // Taking the row first (an UPDATE) serialises concurrent settlements of one order on Postgres.
      await db.updateTable("orders").set({ updated_at: now }).where("id", "=", orderId).execute();
      const row = await db.selectFrom("orders").selectAll().where("id", "=", orderId).executeTakeFirst();
      if (!row) return { granted: false, order: null };
      const order = numericOrder(row);
      if (order.status === "refunded" || order.granted_at !== null) return { granted: false, order: null };
      const product = await db
        .selectFrom("products")
        .selectAll()
        .where("id", "=", order.product_id)
        .executeTakeFirst();
      if (!product) throw new Error(`order ${order.id}: product ${order.product_id} is gone`);
      let subscriptionId = order.subscription_id;
      if (details.subscription && !subscriptionId) {
        subscriptionId = await upsertSubscription(db, order, details.subscription, now);
      } else if (!subscriptionId && Number(product.recurring) === 1 && order.provider === "sandbox") {
        subscriptionId = await upsertSubscription(db, order, null, now);
      }
      const result = await grant(db, {
        userId: order.user_id,
        source: order.kind === "renewal" ? "renewal" : "purchase",
        sourceRef: order.id,
        ...grantsOf(numericProduct(product)),
        now,
      });
      await db
        .updateTable("orders")
        .set({
          status: "paid",
          paid_at: order.paid_at ?? now,
          granted_at: now,
          updated_at: now,
          provider_payment: details.payment ?? order.provider_payment,
          subscription_id: subscriptionId,
        })
        .where("id", "=", order.id)
        .execute();
      if (subscriptionId) await extendSubscription(db, subscriptionId, result.grant.ends_at, now);
      return { granted: result.granted, order: { ...order, status: "paid", paid_at: order.paid_at ?? now } };
    };
    const outcome = trx ? await run(trx) : await this.deps.db.transaction().execute(run);
    if (outcome.granted && outcome.order && !trx) await this.deps.receipts.send(outcome.order.id);
    return outcome.granted;
  }

  /** A renewal period the provider charged: a paid `renewal` order granting the plan's days again. */
  async renew(
    db: Db,
    subscriptionRef: string,
    invoiceRef: string,
    payment: string | null,
    amount: number,
    currency: string,
  ): Promise<OrderRow | null> {
    const now = this.deps.clock.now();
    const subscription = await db
      .selectFrom("subscriptions")
      .selectAll()
      .where("provider", "=", "stripe")
      .where("provider_ref", "=", subscriptionRef)
      .executeTakeFirst();
    if (!subscription) return null;
    const existing = await db
      .selectFrom("orders")
      .select("id")
      .where("provider", "=", "stripe")
      .where("provider_ref", "=", invoiceRef)
      .executeTakeFirst();
    if (existing) return null;
    const order: OrderRow = {
      id: newId(now),
      user_id: subscription.user_id,
      product_id: subscription.product_id,
      status: "pending",
      amount,
      currency: currency.toUpperCase(),
      campaign_id: null,
      provider: "stripe",
      provider_ref: invoiceRef,
      provider_payment: payment,
      subscription_id: subscription.id,
      kind: "renewal",
      created_at: now,
      updated_at: now,
      paid_at: null,
      granted_at: null,
      refunded_at: null,
    };
    await db.insertInto("orders").values(order).execute();
    await this.settlePaid(order.id, { payment }, db);
    return order;
  }

  /** A refund or dispute: the order turns `refunded` and what it granted is revoked. */
  async refund(db: Db, orderId: string): Promise<boolean> {
    const now = this.deps.clock.now();
    const updated = await db
      .updateTable("orders")
      .set({ status: "refunded", refunded_at: now, updated_at: now })
      .where("id", "=", orderId)
      .where("status", "!=", "refunded")
      .executeTakeFirst();
    if (Number(updated.numUpdatedRows) === 0) return false;
    const order = await db
      .selectFrom("orders")
      .select("kind")
      .where("id", "=", orderId)
      .executeTakeFirstOrThrow();
    await revoke(db, { source: order.kind === "renewal" ? "renewal" : "purchase", sourceRef: orderId }, now);
    return true;
  }

  /**
   * Repairs what a crash could leave: paid orders without their grant are granted;
   * pending checkouts past a day expire (Stripe ones are asked first: paid → settled).
   */
  async reconcile(checkStripe?: CheckoutLookup): Promise<void> {
    const { db, clock } = this.deps;
    const now = clock.now();
    const ungranted = await db
      .selectFrom("orders")
      .select("id")
      .where("status", "=", "paid")
      .where("granted_at", "is", null)
      .limit(100)
      .execute();
    for (const { id } of ungranted) await this.settlePaid(id, {});
    const stale = await db
      .selectFrom("orders")
      .selectAll()
      .where("status", "=", "pending")
      .where("created_at", "<", now - 10 * 60_000)
      .limit(100)
      .execute();
    for (const order of stale) {
      if (order.provider === "stripe" && order.provider_ref && checkStripe) {
        try {
          const state = await checkStripe(order.provider_ref);
          if (state.state === "paid") {
            await this.settlePaid(order.id, { payment: state.payment, subscription: state.subscription });
            continue;
          }
          if (state.state === "open" && Number(order.created_at) > now - PENDING_EXPIRE_MS) continue;
        } catch (error) {
          this.deps.log?.warn({ err: error, order: order.id }, "reconcile: stripe lookup failed");
          continue;
        }
      } else if (Number(order.created_at) > now - PENDING_EXPIRE_MS) {
        continue;
      }
      await db
        .updateTable("orders")
        .set({ status: "expired", updated_at: now })
        .where("id", "=", order.id)
        .where("status", "=", "pending")
        .execute();
    }
  }
}
