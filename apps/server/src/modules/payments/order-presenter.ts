import type { Order, OrderStatus, Product, PaymentProvider as ProviderName } from "@nimbus/protocol";
import type { Db } from "../../db/database.js";
import type { OrderRow, ProductRow } from "../../db/schema.js";
import { isoTime } from "../../lib/clock.js";
import type { SelectedPrice } from "./catalogue.js";
import { numericOrder, numericProduct, presentGrants } from "./product-rows.js";

/** A product on sale at `price`, as `GET /vip/v1/products` answers it. */
export function presentProduct(row: ProductRow, price: SelectedPrice): Product {
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

/** An order as its buyer sees it, with what its product grants. */
export async function presentOrder(db: Db, row: OrderRow): Promise<Order> {
  const order = numericOrder(row);
  const product = await db
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
