import type { Product } from "@nimbus/protocol";
import { serverText } from "@nimbus/texts/server";
import type { OrderRow, ProductRow } from "../../db/schema.js";

const GB = 1024 ** 3;

/** A product row with its counts as numbers (Postgres answers bigints as strings). */
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

/** An order row with its amount and times as numbers. */
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

/** What one purchase grants, as the API shows it. */
export function presentGrants(product: ProductRow): Product["grants"] {
  return {
    ...(product.premium_days > 0 ? { premium_days: product.premium_days } : {}),
    ...(product.storage_bytes > 0 ? { storage_bytes: product.storage_bytes } : {}),
    ...(product.traffic_bytes > 0 ? { traffic_bytes: product.traffic_bytes } : {}),
    ...(product.valid_days > 0 ? { valid_days: product.valid_days } : {}),
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

/** The receipt's line for what was bought, in the buyer's language. */
export function receiptItem(product: ProductRow, locale: string): string {
  if (product.kind === "storage_pack")
    return serverText(locale, "mail.receipt.item.storage_pack", { amount: sizeText(product.storage_bytes) });
  if (product.kind === "traffic_pack")
    return serverText(locale, "mail.receipt.item.traffic_pack", { amount: sizeText(product.traffic_bytes) });
  return serverText(locale, "mail.receipt.item.plan", { days: product.premium_days });
}
