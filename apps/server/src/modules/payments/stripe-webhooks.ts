import { NimbusError } from "@nimbus/protocol";
import type Stripe from "stripe";
import type { Db } from "../../db/database.js";
import type { Clock } from "../../lib/clock.js";
import type { Receipts } from "./receipts.js";
import type { Settlement } from "./settlement.js";
import { refId } from "./stripe-provider.js";

type Loose = Record<string, unknown>;

const RECEIPT_EVENTS = new Set([
  "checkout.session.completed",
  "checkout.session.async_payment_succeeded",
  "invoice.paid",
]);

/**
 * Stripe's webhook: verifies the signature over the raw body, then handles each event
 * once, in one transaction with the record of having seen it (`payment_events`), so a
 * redelivery, a replay or two concurrent deliveries change nothing the second time and a
 * crash midway leaves nothing half-done (Stripe delivers again).
 */
export class StripeWebhooks {
  constructor(
    private readonly deps: {
      db: Db;
      clock: Clock;
      stripe: Stripe | null;
      webhookSecret: string | undefined;
      settlement: Settlement;
      receipts: Receipts;
    },
  ) {}

  /** The verified event, or `payment_signature_invalid`. */
  verify(rawBody: Buffer | string, signature: string | undefined): Stripe.Event {
    const { stripe, webhookSecret } = this.deps;
    if (!stripe || !webhookSecret)
      throw new NimbusError("payment_provider_unavailable", "stripe is not configured");
    if (!signature) throw new NimbusError("payment_signature_invalid", "no Stripe-Signature header");
    try {
      return stripe.webhooks.constructEvent(rawBody, signature, webhookSecret);
    } catch (error) {
      throw new NimbusError("payment_signature_invalid", (error as Error).message);
    }
  }

  async receive(rawBody: Buffer | string, signature: string | undefined): Promise<{ received: boolean }> {
    const event = this.verify(rawBody, signature);
    const receipts: string[] = [];
    await this.deps.db.transaction().execute(async (db) => {
      const seen = await db
        .insertInto("payment_events")
        .values({
          provider: "stripe",
          event_id: event.id,
          type: event.type,
          order_id: null,
          received_at: this.deps.clock.now(),
        })
        .onConflict((oc) => oc.columns(["provider", "event_id"]).doNothing())
        .executeTakeFirst();
      if (Number(seen.numInsertedOrUpdatedRows ?? 0n) === 0) return;
      const orderId = await this.handle(db, event);
      if (orderId) {
        await db
          .updateTable("payment_events")
          .set({ order_id: orderId })
          .where("provider", "=", "stripe")
          .where("event_id", "=", event.id)
          .execute();
        if (RECEIPT_EVENTS.has(event.type)) receipts.push(orderId);
      }
    });
    for (const orderId of receipts) await this.deps.receipts.send(orderId);
    return { received: true };
  }

  /** Applies one event inside `db` (the transaction); the order it concerned, if any. */
  private async handle(db: Db, event: Stripe.Event): Promise<string | null> {
    const object = event.data.object as unknown as Loose;
    switch (event.type) {
      case "checkout.session.completed":
      case "checkout.session.async_payment_succeeded": {
        const orderId =
          stringOf(object.client_reference_id) ?? stringOf((object.metadata as Loose | null)?.order_id);
        if (!orderId) return null;
        const status = stringOf(object.payment_status);
        if (status !== "paid" && status !== "no_payment_required") return orderId;
        await this.deps.settlement.settlePaid(
          orderId,
          {
            payment: refId(object.payment_intent as string | null),
            subscription: refId(object.subscription as string | null),
          },
          db,
        );
        return orderId;
      }
      case "checkout.session.expired":
      case "checkout.session.async_payment_failed": {
        const orderId = stringOf(object.client_reference_id);
        if (!orderId) return null;
        await db
          .updateTable("orders")
          .set({
            status: event.type === "checkout.session.expired" ? "expired" : "declined",
            updated_at: this.deps.clock.now(),
          })
          .where("id", "=", orderId)
          .where("status", "=", "pending")
          .execute();
        return orderId;
      }
      case "invoice.paid": {
        // The first invoice is the checkout's own payment; its session grants.
        if (object.billing_reason === "subscription_create") return null;
        const subscription = invoiceSubscription(object);
        const invoiceId = stringOf(object.id);
        if (!subscription || !invoiceId) return null;
        const order = await this.deps.settlement.renew(
          db,
          subscription,
          invoiceId,
          invoicePayment(object),
          Number(object.amount_paid ?? 0),
          stringOf(object.currency) ?? "usd",
        );
        return order?.id ?? null;
      }
      case "customer.subscription.updated":
      case "customer.subscription.deleted": {
        const ref = stringOf(object.id);
        if (!ref) return null;
        const ended = event.type === "customer.subscription.deleted" || object.status === "canceled";
        const items = (object.items as Loose | undefined)?.data as Loose[] | undefined;
        const periodEnd = Number(items?.[0]?.current_period_end ?? object.current_period_end ?? 0);
        await db
          .updateTable("subscriptions")
          .set({
            status: ended ? "ended" : object.cancel_at_period_end ? "cancelled" : "active",
            cancel_at_period_end: object.cancel_at_period_end ? 1 : 0,
            ...(periodEnd > 0 ? { current_period_end: periodEnd * 1000 } : {}),
            updated_at: this.deps.clock.now(),
          })
          .where("provider", "=", "stripe")
          .where("provider_ref", "=", ref)
          .execute();
        return null;
      }
      case "charge.refunded":
      case "charge.dispute.created": {
        if (event.type === "charge.refunded" && object.refunded !== true) return null; // partial refunds keep the grant
        const payment = refId(object.payment_intent as string | null);
        if (!payment) return null;
        const order = await db
          .selectFrom("orders")
          .select("id")
          .where("provider", "=", "stripe")
          .where("provider_payment", "=", payment)
          .executeTakeFirst();
        if (!order) return null;
        await this.deps.settlement.refund(db, order.id);
        return order.id;
      }
      default:
        return null;
    }
  }
}

function stringOf(value: unknown): string | null {
  return typeof value === "string" && value !== "" ? value : null;
}

/** The subscription an invoice belongs to (`parent.subscription_details`, or the older top-level field). */
function invoiceSubscription(invoice: Loose): string | null {
  const details = (invoice.parent as Loose | null)?.subscription_details as Loose | null | undefined;
  return refId((details?.subscription ?? invoice.subscription) as string | null);
}

function invoicePayment(invoice: Loose): string | null {
  const payments = ((invoice.payments as Loose | undefined)?.data as Loose[] | undefined) ?? [];
  const first = payments[0]?.payment as Loose | undefined;
  return refId((first?.payment_intent ?? invoice.payment_intent) as string | null);
}
