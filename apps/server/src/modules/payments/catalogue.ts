import { readFileSync } from "node:fs";
import { z } from "zod";
import type { Db } from "../../db/database.js";

/**
 * The shop's catalogue: products (plans and packs), their list prices per currency in
 * minor units, and campaign prices that apply only inside their window. The defaults
 * below are loaded at start unless `PRODUCTS_FILE` names a JSON file of the same shape
 * (`docs/membership.md`); either way the database copy is replaced at each start,
 * except list prices an admin set in the console (`edited_at`), which stay.
 */

const GB = 1024 ** 3;
const TB = 1024 ** 4;

const priceMap = z.record(z.string().regex(/^[A-Z]{3}$/), z.number().int().nonnegative());

export const catalogueFileSchema = z.object({
  products: z.array(
    z.object({
      id: z.string().min(1).max(64),
      kind: z.enum(["plan", "storage_pack", "traffic_pack"]),
      name_key: z.string().min(1),
      period: z.enum(["month", "year"]).optional(),
      recurring: z.boolean().default(false),
      premium_days: z.number().int().nonnegative().default(0),
      storage_bytes: z.number().int().nonnegative().default(0),
      traffic_bytes: z.number().int().nonnegative().default(0),
      valid_days: z.number().int().nonnegative().default(0),
      prices: priceMap,
    }),
  ),
  campaigns: z
    .array(
      z.object({
        id: z.string().min(1).max(64),
        starts_at: z.iso.datetime({ offset: true }),
        ends_at: z.iso.datetime({ offset: true }),
        prices: z.record(z.string(), priceMap),
      }),
    )
    .default([]),
});
export type CatalogueFile = z.input<typeof catalogueFileSchema>;

/** What ships: premium monthly and yearly, three storage packs, three traffic packs, two campaigns. */
export const DEFAULT_CATALOGUE: CatalogueFile = {
  products: [
    {
      id: "premium-month",
      kind: "plan",
      name_key: "plans.premiumMonth",
      period: "month",
      recurring: true,
      premium_days: 31,
      prices: { USD: 999, EUR: 949, GBP: 799, JPY: 1500, CNY: 6800, BRL: 4990 },
    },
    {
      id: "premium-year",
      kind: "plan",
      name_key: "plans.premiumYear",
      period: "year",
      recurring: true,
      premium_days: 366,
      prices: { USD: 7999, EUR: 7599, GBP: 6499, JPY: 12000, CNY: 54800, BRL: 39990 },
    },
    ...(
      [
        ["storage-100g", 100 * GB, 199, 189, 159, 300, 1400, 990],
        ["storage-1t", 1 * TB, 499, 469, 399, 750, 3500, 2490],
        ["storage-5t", 5 * TB, 1499, 1399, 1199, 2200, 10800, 7490],
      ] as const
    ).map(([id, bytes, usd, eur, gbp, jpy, cny, brl]) => ({
      id,
      kind: "storage_pack" as const,
      name_key: "plans.storagePack",
      period: "month" as const,
      recurring: false,
      storage_bytes: bytes,
      valid_days: 31,
      prices: { USD: usd, EUR: eur, GBP: gbp, JPY: jpy, CNY: cny, BRL: brl },
    })),
    ...(
      [
        ["traffic-100g", 100 * GB, 299, 279, 239, 450, 2100, 1490],
        ["traffic-500g", 500 * GB, 999, 949, 799, 1500, 6800, 4990],
        ["traffic-2t", 2 * TB, 2999, 2799, 2399, 4500, 20800, 14990],
      ] as const
    ).map(([id, bytes, usd, eur, gbp, jpy, cny, brl]) => ({
      id,
      kind: "traffic_pack" as const,
      name_key: "plans.trafficPack",
      recurring: false,
      traffic_bytes: bytes,
      valid_days: 90,
      prices: { USD: usd, EUR: eur, GBP: gbp, JPY: jpy, CNY: cny, BRL: brl },
    })),
  ],
  campaigns: [
    {
      id: "black_friday_2026",
      starts_at: "2026-11-27T00:00:00Z",
      ends_at: "2026-12-01T00:00:00Z",
      prices: { "premium-year": { USD: 4999, EUR: 4799, GBP: 3999 }, "premium-month": { USD: 699 } },
    },
    {
      id: "christmas_2026",
      starts_at: "2026-12-20T00:00:00Z",
      ends_at: "2026-12-27T00:00:00Z",
      prices: { "premium-year": { USD: 5999, EUR: 5699, GBP: 4799 } },
    },
  ],
};

/** Reads `PRODUCTS_FILE`, or the defaults; throws a readable error on a bad file. */
export function loadCatalogue(file: string | undefined): z.output<typeof catalogueFileSchema> {
  if (!file) return catalogueFileSchema.parse(DEFAULT_CATALOGUE);
  const parsed = catalogueFileSchema.safeParse(JSON.parse(readFileSync(file, "utf8")));
  if (!parsed.success) {
    throw new Error(
      `PRODUCTS_FILE ${file}: ${parsed.error.issues.map((i) => `${i.path.join(".")}: ${i.message}`).join("; ")}`,
    );
  }
  return parsed.data;
}

/**
 * Replaces the database catalogue with `catalogue` in one transaction. Products no
 * longer listed stay (orders name them) but are marked inactive; console-set prices stay.
 */
export async function seedCatalogue(db: Db, catalogue: z.output<typeof catalogueFileSchema>): Promise<void> {
  await db.transaction().execute(async (trx) => {
    await trx.updateTable("products").set({ active: 0 }).execute();
    // A price an admin set in the console stays; the others follow the file.
    await trx.deleteFrom("product_prices").where("edited_at", "is", null).execute();
    await trx.deleteFrom("campaign_prices").execute();
    for (const [sort, product] of catalogue.products.entries()) {
      const row = {
        kind: product.kind,
        name_key: product.name_key,
        period: product.period ?? null,
        recurring: product.recurring ? 1 : 0,
        premium_type: product.premium_days > 0 ? "platinum" : null,
        premium_days: product.premium_days,
        storage_bytes: product.storage_bytes,
        traffic_bytes: product.traffic_bytes,
        valid_days: product.valid_days,
        sort,
        active: 1,
      };
      await trx
        .insertInto("products")
        .values({ id: product.id, ...row })
        .onConflict((oc) => oc.column("id").doUpdateSet(row))
        .execute();
      for (const [currency, amount] of Object.entries(product.prices)) {
        await trx
          .insertInto("product_prices")
          .values({ product_id: product.id, currency, amount })
          .onConflict((oc) => oc.columns(["product_id", "currency"]).doNothing())
          .execute();
      }
    }
    const known = new Set(catalogue.products.map((p) => p.id));
    for (const campaign of catalogue.campaigns) {
      for (const [productId, prices] of Object.entries(campaign.prices)) {
        if (!known.has(productId)) continue;
        for (const [currency, amount] of Object.entries(prices)) {
          await trx
            .insertInto("campaign_prices")
            .values({
              campaign_id: campaign.id,
              product_id: productId,
              currency,
              amount,
              starts_at: Date.parse(campaign.starts_at),
              ends_at: Date.parse(campaign.ends_at),
            })
            .execute();
        }
      }
    }
    // A window an admin set in the console holds for the campaign's prices too.
    for (const window of await trx.selectFrom("campaign_windows").selectAll().execute()) {
      await trx
        .updateTable("campaign_prices")
        .set({ starts_at: window.starts_at, ends_at: window.ends_at })
        .where("campaign_id", "=", window.id)
        .execute();
    }
  });
}

export interface CampaignPrice {
  campaign_id: string;
  currency: string;
  amount: number;
  starts_at: number;
  ends_at: number;
}

export interface SelectedPrice {
  currency: string;
  amount: number;
  original_amount?: number;
  campaign_id?: string;
  campaign_ends_at?: number;
}

/**
 * The price a buyer pays for one product at `now` in `currency` (USD when the product
 * has no price in it): the lowest campaign price whose window holds `now`, else the list
 * price. Null when the product has no price at all.
 */
export function selectPrice(
  listPrices: ReadonlyMap<string, number>,
  campaigns: readonly CampaignPrice[],
  currency: string,
  now: number,
): SelectedPrice | null {
  const chosen = listPrices.has(currency) ? currency : "USD";
  const list = listPrices.get(chosen);
  if (list === undefined) return null;
  const live = campaigns
    .filter((c) => c.currency === chosen && c.starts_at <= now && now < c.ends_at && c.amount < list)
    .sort((a, b) => a.amount - b.amount)[0];
  if (!live) return { currency: chosen, amount: list };
  return {
    currency: chosen,
    amount: live.amount,
    original_amount: list,
    campaign_id: live.campaign_id,
    campaign_ends_at: live.ends_at,
  };
}
