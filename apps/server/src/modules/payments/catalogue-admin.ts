import { NimbusError } from "@nimbus/protocol";
import type { Db } from "../../db/database.js";
import type { Clock } from "../../lib/clock.js";
import type { AdminActor, AdminLog } from "../admin-log/admin-log.js";
import { type CampaignCalendar, withWindows } from "./catalogue.js";

export interface AdminProduct {
  id: string;
  kind: string;
  nameKey: string;
  active: boolean;
  prices: Array<{ currency: string; amount: number; edited: boolean }>;
  campaigns: Array<{
    campaignId: string;
    currency: string;
    amount: number;
    startsAt: number;
    endsAt: number;
  }>;
}

/**
 * The catalogue as the console edits it: every product with its list prices and campaign
 * prices, and setting a list price. A console-set price is marked `edited_at` so the
 * start-up seed keeps it; every change goes to the admin log with the price before.
 */
export class CatalogueAdmin {
  constructor(
    private readonly deps: { db: Db; clock: Clock; adminLog: AdminLog; campaigns: CampaignCalendar },
  ) {}

  async list(): Promise<AdminProduct[]> {
    const { db } = this.deps;
    const products = await db
      .selectFrom("products")
      .selectAll()
      .orderBy("active", "desc")
      .orderBy("sort")
      .execute();
    const prices = await db.selectFrom("product_prices").selectAll().orderBy("currency").execute();
    // Prices that follow a yearly campaign show its current or next window.
    const campaigns = withWindows(
      await db.selectFrom("campaign_prices").selectAll().orderBy("currency").execute(),
      await this.deps.campaigns.all(),
    ).sort((a, b) => a.starts_at - b.starts_at);
    return products.map((product) => ({
      id: product.id,
      kind: product.kind,
      nameKey: product.name_key,
      active: Number(product.active) === 1,
      prices: prices
        .filter((p) => p.product_id === product.id)
        .map((p) => ({ currency: p.currency, amount: Number(p.amount), edited: p.edited_at !== null })),
      campaigns: campaigns
        .filter((c) => c.product_id === product.id)
        .map((c) => ({
          campaignId: c.campaign_id,
          currency: c.currency,
          amount: Number(c.amount),
          startsAt: Number(c.starts_at),
          endsAt: Number(c.ends_at),
        })),
    }));
  }

  /** Sets (or adds) a product's list price in one currency, in minor units. */
  async setPrice(
    actor: AdminActor,
    productId: string,
    currency: string,
    amount: number,
  ): Promise<AdminProduct> {
    const { db, clock, adminLog } = this.deps;
    const now = clock.now();
    await db.transaction().execute(async (trx) => {
      const product = await trx
        .selectFrom("products")
        .select("id")
        .where("id", "=", productId)
        .executeTakeFirst();
      if (!product) throw new NimbusError("product_not_found", `no product ${productId}`);
      const before = await trx
        .selectFrom("product_prices")
        .select("amount")
        .where("product_id", "=", productId)
        .where("currency", "=", currency)
        .executeTakeFirst();
      await trx
        .insertInto("product_prices")
        .values({ product_id: productId, currency, amount, edited_at: now })
        .onConflict((oc) => oc.columns(["product_id", "currency"]).doUpdateSet({ amount, edited_at: now }))
        .execute();
      await adminLog.record(
        {
          ...actor,
          action: "product.price",
          target: productId,
          detail: { currency, amount, before: before ? Number(before.amount) : null },
        },
        trx,
      );
    });
    const updated = (await this.list()).find((p) => p.id === productId);
    if (!updated) throw new NimbusError("product_not_found", `no product ${productId}`);
    return updated;
  }
}
