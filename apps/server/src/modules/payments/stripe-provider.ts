import { createRequire } from "node:module";
import { NimbusError } from "@nimbus/protocol";
import type Stripe from "stripe";
import type { Config } from "../../config/config.js";
import type { CheckoutInput, PaymentProvider } from "./payment-provider.js";

/** The Stripe client for `STRIPE_SECRET_KEY`, talking to `STRIPE_API_BASE` when set (tests: a loopback stand-in). */
export function stripeClient(settings: Config["payments"]["stripe"]): Stripe | null {
  if (!settings.secretKey) return null;
  // Loaded only on a server that takes Stripe payments (issue #17: start-up).
  const StripeClient = createRequire(import.meta.url)("stripe") as typeof Stripe;
  const base = settings.apiBase ? new URL(settings.apiBase) : null;
  return new StripeClient(settings.secretKey, {
    maxNetworkRetries: 2,
    timeout: 20_000,
    telemetry: false,
    ...(base
      ? {
          host: base.hostname,
          port: base.port || (base.protocol === "http:" ? 80 : 443),
          protocol: base.protocol === "http:" ? "http" : "https",
        }
      : {}),
  });
}

/**
 * Stripe Checkout: a Checkout Session per order (`mode: payment` for packs,
 * `subscription` for plans), the order id in `client_reference_id` and metadata, an
 * idempotency key per order so a retried request makes one session.
 */
export class StripeProvider implements PaymentProvider {
  readonly name = "stripe" as const;

  constructor(private readonly stripe: Stripe) {}

  async startCheckout(input: CheckoutInput) {
    const { order, product } = input;
    const recurring = product.recurring === 1 && (product.period === "month" || product.period === "year");
    const metadata = { order_id: order.id, user_id: order.user_id, product_id: product.id };
    try {
      const session = await this.stripe.checkout.sessions.create(
        {
          mode: recurring ? "subscription" : "payment",
          client_reference_id: order.id,
          ...(input.email ? { customer_email: input.email } : {}),
          line_items: [
            {
              quantity: 1,
              price_data: {
                currency: order.currency.toLowerCase(),
                unit_amount: order.amount,
                product_data: { name: input.productName },
                ...(recurring ? { recurring: { interval: product.period as "month" | "year" } } : {}),
              },
            },
          ],
          metadata,
          ...(recurring ? { subscription_data: { metadata } } : { payment_intent_data: { metadata } }),
          success_url: input.successUrl,
          cancel_url: input.cancelUrl,
        },
        { idempotencyKey: `nimbus-order-${order.id}` },
      );
      if (!session.url) throw new Error("Stripe answered a session without a URL");
      return { checkoutUrl: session.url, providerRef: session.id };
    } catch (error) {
      throw new NimbusError("payment_provider_unavailable", `stripe: ${(error as Error).message}`);
    }
  }

  async setCancelAtPeriodEnd(subscriptionRef: string | null, cancel: boolean): Promise<void> {
    if (!subscriptionRef) return;
    try {
      await this.stripe.subscriptions.update(subscriptionRef, { cancel_at_period_end: cancel });
    } catch (error) {
      throw new NimbusError("payment_provider_unavailable", `stripe: ${(error as Error).message}`);
    }
  }

  /** The checkout's state at Stripe, for the reconcile job: paid, expired, or still open. */
  async checkoutState(sessionRef: string): Promise<{
    state: "paid" | "expired" | "open";
    payment: string | null;
    subscription: string | null;
  }> {
    const session = await this.stripe.checkout.sessions.retrieve(sessionRef);
    const state =
      session.payment_status === "paid" || session.payment_status === "no_payment_required"
        ? "paid"
        : session.status === "expired"
          ? "expired"
          : "open";
    return { state, payment: refId(session.payment_intent), subscription: refId(session.subscription) };
  }
}

/** An expandable Stripe field's id. */
export function refId(value: string | { id: string } | null | undefined): string | null {
  if (!value) return null;
  return typeof value === "string" ? value : value.id;
}
