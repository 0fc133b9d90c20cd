import {
  type CampaignOffer,
  type CreateOrderRequest,
  type CreateOrderResponse,
  NimbusError,
  type Order,
  type OrderList,
  type OrderStatus,
  type Product,
  type ProductsResponse,
  type PaymentProvider as ProviderName,
} from "@nimbus/protocol";
import { serverText } from "@nimbus/texts/server";
import type { Config } from "../../config/config.js";
import type { Db } from "../../db/database.js";
import type { OrderRow, ProductRow } from "../../db/schema.js";
import type { Clock } from "../../lib/clock.js";
import { isoTime } from "../../lib/clock.js";
import { newId } from "../../lib/ids.js";
import { makeJsonPageToken, readJsonPageToken } from "../../lib/page-token.js";
import type { Mailer } from "../../mail/mailer.js";
import { grant, revoke } from "../membership/entitlements.js";
import {
  type CampaignCalendar,
  type CampaignPrice,
  type CampaignWindowNow,
  type SelectedPrice,
  selectPrice,
  withWindows,
} from "./catalogue.js";
import { receiptMail } from "./payment-mails.js";
import type { PaymentProvider } from "./payment-provider.js";

export interface PaymentsDeps {
  db: Db;
  clock: Clock;
  config: Pick<Config, "publicUrl" | "payments">;
  providers: ReadonlyMap<ProviderName, PaymentProvider>;
  mailer: Mailer;
  /** The campaigns' windows now: prices without dates of their own follow them. */
  campaigns: CampaignCalendar;
  log?: { warn(fields: Record<string, unknown>, message: string): void };
}

/** What a paid order's provider tells about the payment. */
export interface PaidDetails {
  /** The provider's payment id (a PaymentIntent), so a refund finds the order. */
  payment?: string | null;
  /** The provider's subscription id when the order started one. */
  subscription?: string | null;
}

const PENDING_EXPIRE_MS = 24 * 3_600_000;
const GB = 1024 ** 3;

/**
 * Products, orders and their state: every change of an order's state is one
 * transaction that also writes (or revokes) what the order grants in the ledger, so a
 * paid order without its grant, or a grant twice, cannot be committed.
 */
export class PaymentsService {
  constructor(private readonly deps: PaymentsDeps) {}

  // ------------------------------------------------------------------ catalogue

  async products(currency = "USD"): Promise<ProductsResponse> {
    const now = this.deps.clock.now();
    const { db } = this.deps;
    const products = await db
      .selectFrom("products")
      .selectAll()
      .where("active", "=", 1)
      .orderBy("sort")
      .execute();
    const prices = await db.selectFrom("product_prices").selectAll().execute();
    const campaigns = withWindows(
      await db.selectFrom("campaign_prices").selectAll().execute(),
      await this.deps.campaigns.all(),
    );
    const out: Product[] = [];
    for (const product of products) {
      const price = this.priceOf(product.id, prices, campaigns, currency, now);
      if (price) out.push(presentProduct(product, price));
    }
    const currencies = [...new Set(prices.map((p) => p.currency))].sort();
    return { products: out, currencies };
  }

  /**
   * What one campaign run charges, product by product, in `currency` where the product is
   * priced in it (else USD), as `products()` would charge while the run is live: the
   * campaign pages state these, so their promises cannot drift from the checkout's.
   */
  async campaignOffers(window: CampaignWindowNow, currency = "USD"): Promise<CampaignOffer[]> {
    const { db } = this.deps;
    const products = await db
      .selectFrom("products")
      .selectAll()
      .where("active", "=", 1)
      .orderBy("sort")
      .execute();
    const prices = await db.selectFrom("product_prices").selectAll().execute();
    const rows = withWindows(
      await db
        .selectFrom("campaign_prices")
        .selectAll()
        .where("campaign_id", "in", [window.id, window.key])
        .execute(),
      [window],
    ).filter((row) => row.campaign_id === window.id);
    const offers: CampaignOffer[] = [];
    for (const product of products) {
      const price = this.priceOf(product.id, prices, rows, currency, window.startsAt);
      if (price?.original_amount === undefined) continue;
      offers.push({
        product_id: product.id,
        kind: product.kind as CampaignOffer["kind"],
        ...(product.period ? { period: product.period as "month" | "year" } : {}),
        currency: price.currency,
        amount: price.amount,
        original_amount: price.original_amount,
      });
    }
    return offers;
  }

  private priceOf(
    productId: string,
    prices: ReadonlyArray<{ product_id: string; currency: string; amount: number }>,
    campaigns: ReadonlyArray<CampaignPrice & { product_id: string }>,
    currency: string,
    now: number,
  ): SelectedPrice | null {
    const list = new Map(
      prices.filter((p) => p.product_id === productId).map((p) => [p.currency, Number(p.amount)] as const),
    );
    const live = campaigns
      .filter((c) => c.product_id === productId)
      .map((c) => ({ ...c, amount: Number(c.amount) }));
    return selectPrice(list, live, currency, now);
  }

  // ------------------------------------------------------------------ orders

  async createOrder(userId: string, request: CreateOrderRequest): Promise<CreateOrderResponse> {
    const { db, clock } = this.deps;
    const now = clock.now();
    const product = await db
      .selectFrom("products")
      .selectAll()
      .where("id", "=", request.product_id)
      .where("active", "=", 1)
      .executeTakeFirst();
    if (!product) throw new NimbusError("product_not_found");
    const price = this.priceOf(
      product.id,
      await db.selectFrom("product_prices").selectAll().where("product_id", "=", product.id).execute(),
      withWindows(
        await db.selectFrom("campaign_prices").selectAll().where("product_id", "=", product.id).execute(),
        await this.deps.campaigns.all(),
      ),
      request.currency ?? "USD",
      now,
    );
    if (!price) throw new NimbusError("product_not_found", "no price");
    const providerName = request.provider ?? this.deps.config.payments.provider;
    const provider = this.deps.providers.get(providerName);
    if (!provider) throw new NimbusError("payment_provider_unavailable", `${providerName} is not configured`);
    const user = await db.selectFrom("users").select(["email"]).where("id", "=", userId).executeTakeFirst();
    if (!user) throw new NimbusError("unauthenticated");
    const order: OrderRow = {
      id: newId(now),
      user_id: userId,
      product_id: product.id,
      status: "pending",
      amount: price.amount,
      currency: price.currency,
      campaign_id: price.campaign_id ?? null,
      provider: provider.name,
      provider_ref: null,
      provider_payment: null,
      subscription_id: null,
      kind: "purchase",
      created_at: now,
      updated_at: now,
      paid_at: null,
      granted_at: null,
      refunded_at: null,
    };
    await db.insertInto("orders").values(order).execute();
    const base = this.deps.config.publicUrl;
    const { checkoutUrl, providerRef } = await provider.startCheckout({
      order,
      product: numericProduct(product),
      productName: productName(numericProduct(product)),
      email: user.email,
      successUrl: `${base}/drive/payment/checkout/${order.id}?result=success`,
      cancelUrl: `${base}/drive/payment/checkout/${order.id}?result=cancel`,
    });
    if (providerRef) {
      await db
        .updateTable("orders")
        .set({ provider_ref: providerRef, updated_at: now })
        .where("id", "=", order.id)
        .execute();
    }
    return { order_id: order.id, checkout_url: checkoutUrl };
  }

  async getOrder(userId: string, orderId: string): Promise<Order> {
    const order = await this.deps.db
      .selectFrom("orders")
      .selectAll()
      .where("id", "=", orderId)
      .where("user_id", "=", userId)
      .executeTakeFirst();
    if (!order) throw new NimbusError("order_not_found");
    return this.present(order);
  }

  async listOrders(userId: string, query: { limit?: number; page_token?: string }): Promise<OrderList> {
    const limit = query.limit ?? 20;
    let before: string | null = null;
    if (query.page_token) {
      const token = readJsonPageToken(query.page_token);
      if (typeof token !== "string") throw new NimbusError("invalid_page_token");
      before = token;
    }
    let q = this.deps.db.selectFrom("orders").selectAll().where("user_id", "=", userId);
    if (before) q = q.where("id", "<", before);
    const rows = await q
      .orderBy("id", "desc")
      .limit(limit + 1)
      .execute();
    const page = rows.slice(0, limit);
    const orders = await Promise.all(page.map((row) => this.present(row)));
    const last = page[page.length - 1];
    return { orders, next_page_token: rows.length > limit && last ? makeJsonPageToken(last.id) : "" };
  }

  /** The sandbox checkout page's order (the caller's own, sandbox only). */
  async sandboxOrder(userId: string, orderId: string): Promise<Order> {
    const order = await this.ownSandboxOrder(userId, orderId);
    return this.present(order);
  }

  /** Settles a sandbox order from its test-mode page: pay grants, decline changes nothing else. */
  async sandboxSettle(userId: string, orderId: string, outcome: "pay" | "decline"): Promise<Order> {
    const order = await this.ownSandboxOrder(userId, orderId);
    if (order.status !== "pending") throw new NimbusError("order_not_payable", `order is ${order.status}`);
    if (outcome === "pay") {
      await this.settlePaid(order.id, {});
    } else {
      const now = this.deps.clock.now();
      await this.deps.db
        .updateTable("orders")
        .set({ status: "declined", updated_at: now })
        .where("id", "=", order.id)
        .where("status", "=", "pending")
        .execute();
    }
    return this.getOrder(userId, orderId);
  }

  private async ownSandboxOrder(userId: string, orderId: string): Promise<OrderRow> {
    // Pending sandbox orders from before a switch to a real provider can no longer be "paid".
    if (!this.deps.providers.has("sandbox")) throw new NimbusError("order_not_found");
    const order = await this.deps.db
      .selectFrom("orders")
      .selectAll()
      .where("id", "=", orderId)
      .where("user_id", "=", userId)
      .where("provider", "=", "sandbox")
      .executeTakeFirst();
    if (!order) throw new NimbusError("order_not_found");
    return numericOrder(order);
  }

  // ------------------------------------------------------------------ state changes

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
        subscriptionId = await this.upsertSubscription(db, order, details.subscription, now);
      } else if (!subscriptionId && product.recurring === 1 && order.provider === "sandbox") {
        subscriptionId = await this.upsertSubscription(db, order, null, now);
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
      if (subscriptionId) {
        const end = result.grant.ends_at;
        await db
          .updateTable("subscriptions")
          .set({ current_period_end: end, updated_at: now })
          .where("id", "=", subscriptionId)
          .execute();
      }
      return { granted: result.granted, order: { ...order, status: "paid", paid_at: order.paid_at ?? now } };
    };
    const outcome = trx ? await run(trx) : await this.deps.db.transaction().execute(run);
    if (outcome.granted && outcome.order && !trx) await this.sendReceipt(outcome.order.id);
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

  private async upsertSubscription(
    db: Db,
    order: OrderRow,
    ref: string | null,
    now: number,
  ): Promise<string> {
    if (ref) {
      const existing = await db
        .selectFrom("subscriptions")
        .select("id")
        .where("provider", "=", order.provider)
        .where("provider_ref", "=", ref)
        .executeTakeFirst();
      if (existing) return existing.id;
    }
    const id = newId(now);
    await db
      .insertInto("subscriptions")
      .values({
        id,
        user_id: order.user_id,
        product_id: order.product_id,
        provider: order.provider,
        provider_ref: ref,
        status: "active",
        current_period_end: null,
        cancel_at_period_end: 0,
        created_at: now,
        updated_at: now,
      })
      .execute();
    return id;
  }

  /**
   * Repairs what a crash could leave: paid orders without their grant are granted;
   * pending checkouts past a day expire (Stripe ones are asked first: paid → settled).
   */
  async reconcile(
    checkStripe?: (
      ref: string,
    ) => Promise<{ state: string; payment: string | null; subscription: string | null }>,
  ): Promise<void> {
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

  /** Mails the receipt of a paid order to its buyer (best effort: a failed send is logged). */
  async sendReceipt(orderId: string): Promise<void> {
    try {
      const { db } = this.deps;
      const row = await db.selectFrom("orders").selectAll().where("id", "=", orderId).executeTakeFirst();
      if (row?.status !== "paid") return;
      const order = numericOrder(row);
      const user = await db
        .selectFrom("users")
        .select(["email", "locale"])
        .where("id", "=", order.user_id)
        .executeTakeFirst();
      const product = await db
        .selectFrom("products")
        .selectAll()
        .where("id", "=", order.product_id)
        .executeTakeFirst();
      if (!user?.email || !product) return;
      await this.deps.mailer.send(
        receiptMail({
          to: user.email,
          locale: user.locale,
          orderId: order.id,
          item: receiptItem(numericProduct(product), user.locale),
          amount: Number(order.amount),
          currency: order.currency,
          paidAt: order.paid_at ?? this.deps.clock.now(),
          receiptUrl: `${this.deps.config.publicUrl}/drive/payment/receipt/${order.id}`,
        }),
      );
    } catch (error) {
      this.deps.log?.warn({ err: error, order: orderId }, "receipt mail failed");
    }
  }

  private async present(row: OrderRow): Promise<Order> {
    const order = numericOrder(row);
    const product = await this.deps.db
      .selectFrom("products")
      .selectAll()
      .where("id", "=", order.product_id)
      .executeTakeFirst();
    const p = product ? numericProduct(product) : null;
    return {
      id: order.id,
      product_id: order.product_id,
      product: {
        kind: (p?.kind ?? "plan") as Product["kind"],
        name_key: p?.name_key ?? "",
        ...(p?.period === "month" || p?.period === "year" ? { period: p.period } : {}),
        grants: p ? presentGrants(p) : {},
      },
      status: order.status as OrderStatus,
      amount: order.amount,
      currency: order.currency,
      provider: order.provider as ProviderName,
      created_time: isoTime(order.created_at),
      ...(order.paid_at ? { paid_time: isoTime(order.paid_at) } : {}),
      ...(order.paid_at ? { receipt_url: `/drive/payment/receipt/${order.id}` } : {}),
    };
  }
}

export function numericProduct(row: ProductRow): ProductRow {
  return {
    ...row,
    recurring: Number(row.recurring),
    premium_days: Number(row.premium_days),
    storage_bytes: Number(row.storage_bytes),
    traffic_bytes: Number(row.traffic_bytes),
    valid_days: Number(row.valid_days),
    sort: Number(row.sort),
    active: Number(row.active),
  };
}

export function numericOrder(row: OrderRow): OrderRow {
  const n = (v: number | null) => (v === null ? null : Number(v));
  return {
    ...row,
    amount: Number(row.amount),
    created_at: Number(row.created_at),
    updated_at: Number(row.updated_at),
    paid_at: n(row.paid_at),
    granted_at: n(row.granted_at),
    refunded_at: n(row.refunded_at),
  };
}

/** What one purchase of `product` puts in the ledger. */
export function grantsOf(product: ProductRow) {
  return {
    premiumType: product.premium_days > 0 ? (product.premium_type ?? "platinum") : null,
    premiumDays: product.premium_days,
    storageBytes: product.storage_bytes,
    trafficBytes: product.traffic_bytes,
    ...(product.valid_days > 0 ? { validDays: product.valid_days } : {}),
  };
}

function presentGrants(product: ProductRow): Product["grants"] {
  return {
    ...(product.premium_days > 0 ? { premium_days: product.premium_days } : {}),
    ...(product.storage_bytes > 0 ? { storage_bytes: product.storage_bytes } : {}),
    ...(product.traffic_bytes > 0 ? { traffic_bytes: product.traffic_bytes } : {}),
    ...(product.valid_days > 0 ? { valid_days: product.valid_days } : {}),
  };
}

function presentProduct(row: ProductRow, price: SelectedPrice): Product {
  const product = numericProduct(row);
  return {
    id: product.id,
    kind: product.kind as Product["kind"],
    name_key: product.name_key,
    ...(product.period === "month" || product.period === "year" ? { period: product.period } : {}),
    recurring: product.recurring === 1,
    grants: presentGrants(product),
    price: {
      currency: price.currency,
      amount: price.amount,
      ...(price.original_amount !== undefined ? { original_amount: price.original_amount } : {}),
      ...(price.campaign_id ? { campaign_id: price.campaign_id } : {}),
      ...(price.campaign_ends_at ? { campaign_ends_at: isoTime(price.campaign_ends_at) } : {}),
    },
  };
}

function sizeText(bytes: number): string {
  return bytes >= 1024 * GB && bytes % (1024 * GB) === 0
    ? `${bytes / (1024 * GB)} TB`
    : `${Math.round(bytes / GB)} GB`;
}

/** An English name for the provider's checkout page. */
export function productName(product: ProductRow): string {
  if (product.kind === "storage_pack") return `Nimbus storage pack ${sizeText(product.storage_bytes)}`;
  if (product.kind === "traffic_pack") return `Nimbus download traffic ${sizeText(product.traffic_bytes)}`;
  return product.period === "year" ? "Nimbus Premium (yearly)" : "Nimbus Premium (monthly)";
}

function receiptItem(product: ProductRow, locale: string): string {
  if (product.kind === "storage_pack")
    return serverText(locale, "mail.receipt.item.storage_pack", { amount: sizeText(product.storage_bytes) });
  if (product.kind === "traffic_pack")
    return serverText(locale, "mail.receipt.item.traffic_pack", { amount: sizeText(product.traffic_bytes) });
  return serverText(locale, "mail.receipt.item.plan", { days: product.premium_days });
}
