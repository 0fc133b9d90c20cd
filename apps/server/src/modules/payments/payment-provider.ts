import type { OrderRow, ProductRow } from "../../db/schema.js";

/**
 * One way to take money. `sandbox` settles on this server's test-mode checkout page;
 * `stripe` sends the buyer to Stripe Checkout and learns the outcome from webhooks.
 */
export interface PaymentProvider {
  readonly name: "sandbox" | "stripe";
  /** Starts paying for `order`: where to send the buyer, and the provider's id of the checkout. */
  startCheckout(input: CheckoutInput): Promise<{ checkoutUrl: string; providerRef: string | null }>;
  /** Stops (or resumes) a subscription renewing at the end of its period. */
  setCancelAtPeriodEnd(subscriptionRef: string | null, cancel: boolean): Promise<void>;
}

export interface CheckoutInput {
  order: OrderRow;
  product: ProductRow;
  /** A readable product name for the provider's page (the English catalogue text). */
  productName: string;
  email: string;
  /** Absolute URLs the provider sends the buyer back to. */
  successUrl: string;
  cancelUrl: string;
}

/** The Nimbus test-mode checkout page: no money moves; its Pay and Decline buttons settle the order. */
export class SandboxProvider implements PaymentProvider {
  readonly name = "sandbox" as const;

  async startCheckout(input: CheckoutInput) {
    return { checkoutUrl: `/drive/payment/checkout/${input.order.id}`, providerRef: null };
  }

  async setCancelAtPeriodEnd(): Promise<void> {}
}
