import type { Db } from "../../db/database.js";
import type { OrderRow } from "../../db/schema.js";
import { newId } from "../../lib/ids.js";

/**
 * The subscription an order starts or belongs to: the provider's (`ref`), found again
 * when known, else a new row (sandbox plans renew without a provider reference).
 */
export async function upsertSubscription(
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

/** Moves a subscription's period end to what its latest grant runs until. */
export async function extendSubscription(db: Db, subscriptionId: string, end: number | null, now: number) {
  await db
    .updateTable("subscriptions")
    .set({ current_period_end: end, updated_at: now })
    .where("id", "=", subscriptionId)
    .execute();
}
