import { z } from "zod";

/**
 * Membership and commerce (issue 15): the premium privilege, the shop's products and
 * prices, orders and their checkout, the membership summary, subscriptions, the sandbox
 * payment provider and the Stripe webhook. Amounts are integers in the currency's
 * minor units (cents); times are ISO 8601 strings, '' when none.
 */

export const PREMIUM_TYPES = ["novip", "platinum"] as const;
export type PremiumType = (typeof PREMIUM_TYPES)[number];

export const PRODUCT_KINDS = ["plan", "storage_pack", "traffic_pack"] as const;
export type ProductKind = (typeof PRODUCT_KINDS)[number];

export const ORDER_STATUSES = ["pending", "paid", "declined", "refunded", "cancelled", "expired"] as const;
export type OrderStatus = (typeof ORDER_STATUSES)[number];

export const PAYMENT_PROVIDERS = ["sandbox", "stripe"] as const;
export type PaymentProvider = (typeof PAYMENT_PROVIDERS)[number];

/** ISO 4217, upper case (`USD`). */
export const currencySchema = z
  .string()
  .trim()
  .regex(/^[A-Za-z]{3}$/, "a three-letter currency code")
  .transform((code) => code.toUpperCase());

const orderIdParams = z.object({ id: z.string().min(1).max(64) });

// ---------------------------------------------------------------- privilege

/** `GET /drive/v1/privilege/vip`: `status` "ok" while premium; `expire` '' when never premium. */
export const privilegeVipResponseSchema = z.object({
  data: z.object({
    expire: z.string(),
    status: z.enum(["ok", "invalid"]),
    type: z.enum(PREMIUM_TYPES),
    user_id: z.string(),
  }),
});
export type PrivilegeVipResponse = z.infer<typeof privilegeVipResponseSchema>;

/**
 * The membership part of `GET /v1/user/me` (spec §3 user info: premium, expire,
 * vipInfo.vipItem, limit, usage, overStorageLimit).
 */
export const userVipSchema = z.object({
  type: z.enum(PREMIUM_TYPES),
  premium: z.boolean(),
  /** When premium ends ('' when never premium; past when it ended). */
  expire: z.string(),
  vip_item: z.array(
    z.object({
      type: z.string(),
      expire: z.string(),
      /** Whole days left, rounded up, never negative. */
      surplus_day: z.number().int().nonnegative(),
    }),
  ),
  /** Storage quota and usage in bytes (int64 strings). */
  limit: z.string(),
  usage: z.string(),
  /** Usage above the quota (premium ended): uploads, saves, cloud downloads answer `file_space_not_enough`. */
  over_storage_limit: z.boolean(),
});
export type UserVip = z.infer<typeof userVipSchema>;

// ---------------------------------------------------------------- products

export const productsQuerySchema = z.object({
  /** Prices in this currency where the product has one (else USD). */
  currency: currencySchema.optional(),
});

export const productPriceSchema = z.object({
  currency: z.string(),
  /** Minor units. */
  amount: z.number().int().nonnegative(),
  /** The list price, when a campaign price applies. */
  original_amount: z.number().int().nonnegative().optional(),
  campaign_id: z.string().optional(),
  campaign_ends_at: z.string().optional(),
});
export type ProductPrice = z.infer<typeof productPriceSchema>;

export const productSchema = z.object({
  id: z.string(),
  kind: z.enum(PRODUCT_KINDS),
  /** A web catalogue key (`plans.premiumMonth`, `plans.storagePack` with `{amount}`). */
  name_key: z.string(),
  period: z.enum(["month", "year"]).optional(),
  /** Renews each period until cancelled. */
  recurring: z.boolean(),
  grants: z.object({
    premium_days: z.number().int().optional(),
    storage_bytes: z.number().int().optional(),
    traffic_bytes: z.number().int().optional(),
    /** How long a pack lasts. */
    valid_days: z.number().int().optional(),
  }),
  price: productPriceSchema,
});
export type Product = z.infer<typeof productSchema>;

export const productsResponseSchema = z.object({
  products: z.array(productSchema),
  /** Every currency the shop prices in. */
  currencies: z.array(z.string()),
});
export type ProductsResponse = z.infer<typeof productsResponseSchema>;

// ---------------------------------------------------------------- orders

/** `POST /vip/v1/order`: provider defaults to the server's (`PAYMENT_PROVIDER`); currency to USD. */
export const createOrderRequestSchema = z.object({
  product_id: z.string().min(1).max(64),
  provider: z.enum(PAYMENT_PROVIDERS).optional(),
  currency: currencySchema.optional(),
});
export type CreateOrderRequest = z.infer<typeof createOrderRequestSchema>;

/** Where to send the buyer: the sandbox page `/drive/payment/checkout/{order_id}`, or Stripe Checkout. */
export const createOrderResponseSchema = z.object({
  order_id: z.string(),
  checkout_url: z.string(),
});
export type CreateOrderResponse = z.infer<typeof createOrderResponseSchema>;

export const orderSchema = z.object({
  id: z.string(),
  product_id: z.string(),
  product: z.object({
    kind: z.enum(PRODUCT_KINDS),
    name_key: z.string(),
    period: z.enum(["month", "year"]).optional(),
    grants: productSchema.shape.grants,
  }),
  status: z.enum(ORDER_STATUSES),
  amount: z.number().int(),
  currency: z.string(),
  provider: z.enum(PAYMENT_PROVIDERS),
  created_time: z.string(),
  paid_time: z.string().optional(),
  /** The receipt page of a paid order (`/drive/payment/receipt/{id}`). */
  receipt_url: z.string().optional(),
});
export type Order = z.infer<typeof orderSchema>;

export const orderParamsSchema = orderIdParams;
export const orderResponseSchema = z.object({ order: orderSchema });
export type OrderResponse = z.infer<typeof orderResponseSchema>;

export const listOrdersQuerySchema = z.object({
  limit: z.coerce.number().int().min(1).max(100).optional(),
  page_token: z.string().max(256).optional(),
});
export const orderListSchema = z.object({
  orders: z.array(orderSchema),
  /** '' on the last page. */
  next_page_token: z.string(),
});
export type OrderList = z.infer<typeof orderListSchema>;

// ---------------------------------------------------------------- membership

export const subscriptionSchema = z.object({
  id: z.string(),
  product_id: z.string(),
  status: z.enum(["active", "cancelled", "ended"]),
});

/** `GET /vip/v1/membership`: the account page's plan, renewal and packs. */
export const membershipResponseSchema = z.object({
  premium: z
    .object({
      type: z.string(),
      expire: z.string(),
      surplus_day: z.number().int().nonnegative(),
      /** Next renewal of an active subscription. */
      renews_time: z.string().optional(),
      cancel_at_period_end: z.boolean(),
    })
    .nullable(),
  packs: z.array(
    z.object({
      kind: z.enum(["storage_pack", "traffic_pack"]),
      bytes: z.number().int(),
      /** '' when the pack does not end. */
      expire: z.string(),
    }),
  ),
  subscription: subscriptionSchema.optional(),
});
export type MembershipResponse = z.infer<typeof membershipResponseSchema>;

/** `POST /vip/v1/subscription/cancel` (at period end) and `/resume`: the new membership. */
export const subscriptionChangeRequestSchema = z.object({}).passthrough();

// ---------------------------------------------------------------- sandbox provider

/** `GET /vip/v1/sandbox/orders/{id}`: what the test-mode checkout page shows. */
export const sandboxOrderResponseSchema = z.object({
  order: orderSchema,
  test_mode: z.literal(true),
});
export type SandboxOrderResponse = z.infer<typeof sandboxOrderResponseSchema>;

export const sandboxSettleRequestSchema = z.object({ outcome: z.enum(["pay", "decline"]) });
export type SandboxSettleRequest = z.infer<typeof sandboxSettleRequestSchema>;

// ---------------------------------------------------------------- stripe webhook

export const stripeWebhookResponseSchema = z.object({ received: z.boolean() });
