import {
  type CreateOrderRequest,
  type CreateOrderResponse,
  NimbusError,
  type Order,
  type OrderList,
  type PaymentProvider as ProviderName,
} from "@nimbus/protocol";
import type { Config } from "../../config/config.js";
import type { Db } from "../../db/database.js";
import type { OrderRow } from "../../db/schema.js";
import type { Clock } from "../../lib/clock.js";
import { newId } from "../../lib/ids.js";
import { makeJsonPageToken, readJsonPageToken } from "../../lib/page-token.js";
import { findUser } from "../users/users-repository.js";
import { presentOrder } from "./order-presenter.js";
import type { PaymentProvider } from "./payment-provider.js";
import type { Prices } from "./prices.js";
import { numericOrder, numericProduct, productName } from "./product-rows.js";
import type { Settlement } from "./settlement.js";

export interface OrdersDeps {
  db: Db;
  clock: Clock;
  config: Pick<Config, "publicUrl" | "payments">;
  providers: ReadonlyMap<ProviderName, PaymentProvider>;
  prices: Prices;
  settlement: Settlement;
}

/** A buyer's orders: checkout at today's price, the order list, the sandbox's test-mode page. */
export class Orders {
  constructor(private readonly deps: OrdersDeps) {}

  async create(userId: string, request: CreateOrderRequest): Promise<CreateOrderResponse> {
    const { db, clock } = this.deps;
    const now = clock.now();
    const product = await db
      .selectFrom("products")
      .selectAll()
      .where("id", "=", request.product_id)
      .where("active", "=", 1)
      .executeTakeFirst();
    if (!product) throw new NimbusError("product_not_found");
    const price = await this.deps.prices.priceFor(product.id, request.currency ?? "USD");
    if (!price) throw new NimbusError("product_not_found", "no price");
    const providerName = request.provider ?? this.deps.config.payments.provider;
    const provider = this.deps.providers.get(providerName);
    if (!provider) throw new NimbusError("payment_provider_unavailable", `${providerName} is not configured`);
    const user = await findUser(db, userId);
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

  async get(userId: string, orderId: string): Promise<Order> {
    const order = await this.deps.db
      .selectFrom("orders")
      .selectAll()
      .where("id", "=", orderId)
      .where("user_id", "=", userId)
      .executeTakeFirst();
    if (!order) throw new NimbusError("order_not_found");
    return presentOrder(this.deps.db, order);
  }

  async list(userId: string, query: { limit?: number; page_token?: string }): Promise<OrderList> {
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
    const orders = await Promise.all(page.map((row) => presentOrder(this.deps.db, row)));
    const last = page[page.length - 1];
    return { orders, next_page_token: rows.length > limit && last ? makeJsonPageToken(last.id) : "" };
  }

  /** The sandbox checkout page's order (the caller's own, sandbox only). */
  async sandboxOrder(userId: string, orderId: string): Promise<Order> {
    return presentOrder(this.deps.db, await this.ownSandboxOrder(userId, orderId));
  }

  /** Settles a sandbox order from its test-mode page: pay grants, decline changes nothing else. */
  async sandboxSettle(userId: string, orderId: string, outcome: "pay" | "decline"): Promise<Order> {
    const order = await this.ownSandboxOrder(userId, orderId);
    if (order.status !== "pending") throw new NimbusError("order_not_payable", `order is ${order.status}`);
    if (outcome === "pay") {
      await this.deps.settlement.settlePaid(order.id, {});
    } else {
      const now = this.deps.clock.now();
      await this.deps.db
        .updateTable("orders")
        .set({ status: "declined", updated_at: now })
        .where("id", "=", order.id)
        .where("status", "=", "pending")
        .execute();
    }
    return this.get(userId, orderId);
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
}
