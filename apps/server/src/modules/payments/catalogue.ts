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
      z
        .object({
          id: z.string().min(1).max(64),
          // Without dates the prices follow the `REWARD_CAMPAIGNS` window of the same id.
          starts_at: z.iso.datetime({ offset: true }).optional(),
          ends_at: z.iso.datetime({ offset: true }).optional(),
          prices: z.record(z.string(), priceMap),
        })
        .refine((c) => (c.starts_at === undefined) === (c.ends_at === undefined), {
          message: "starts_at and ends_at go together",
        }),
    )
    .default([]),
});
export type CatalogueFile = z.input<typeof catalogueFileSchema>;

/** Every list price of a product `percent` lower, rounded down to the minor unit. */
function percentOff(prices: Record<string, number>, percent: number): Record<string, number> {
  return Object.fromEntries(
    Object.entries(prices).map(([currency, amount]) => [
      currency,
      Math.floor((amount * (100 - percent)) / 100),
    ]),
  );
}

/**
 * Campaign prices as a percentage off the listed products' prices. The campaign pages
 * compute their promises from the prices charged, so changing a percentage here changes them.
 */
function campaignPrices(
  products: CatalogueFile["products"],
  percents: Record<string, number>,
): Record<string, Record<string, number>> {
  return Object.fromEntries(
    products.filter((p) => p.id in percents).map((p) => [p.id, percentOff(p.prices, percents[p.id] ?? 0)]),
  );
}

/** What ships: premium monthly and yearly, three storage packs, three traffic packs. */
const PRODUCTS: CatalogueFile["products"] = [
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
];

/**
 * The defaults: the products above and two yearly campaigns whose windows are the
 * `REWARD_CAMPAIGNS` ones of the same id (Black Friday through Cyber Monday; Christmas).
 */
export const DEFAULT_CATALOGUE: CatalogueFile = {
  products: PRODUCTS,
  campaigns: [
    {
      id: "black_friday",
      prices: campaignPrices(PRODUCTS, {
        "premium-year": 40,
        "premium-month": 30,
        "storage-100g": 30,
        "storage-1t": 30,
        "storage-5t": 30,
        "traffic-100g": 20,
        "traffic-500g": 20,
        "traffic-2t": 20,
      }),
    },
    { id: "christmas", prices: campaignPrices(PRODUCTS, { "premium-year": 25, "premium-month": 20 }) },
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

/** A campaign window an admin set in the console (the rewards module's `Campaigns`, passed in by the wiring). */
export interface StoredWindows {
  /** On `db`, the seeding transaction. */
  stored(db: Db): Promise<{ id: string; starts_at: number; ends_at: number }[]>;
}

/**
 * Replaces the database catalogue with `catalogue` in one transaction. Products no
 * longer listed stay (orders name them) but are marked inactive; console-set prices stay.
 */
export async function seedCatalogue(
  db: Db,
  catalogue: z.output<typeof catalogueFileSchema>,
  windows: StoredWindows,
): Promise<void> {
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
              starts_at: campaign.starts_at === undefined ? null : Date.parse(campaign.starts_at),
              ends_at: campaign.ends_at === undefined ? null : Date.parse(campaign.ends_at),
            })
            .execute();
        }
      }
    }
    // A window an admin set in the console holds for the campaign's prices too.
    for (const window of await windows.stored(trx)) {
      await moveCampaignPrices(trx, window.id, window.starts_at, window.ends_at);
    }
  });
}

/** Moves every price of campaign `id` to the window, on `db` (the caller's transaction). */
export async function moveCampaignPrices(
  db: Db,
  id: string,
  startsAt: number,
  endsAt: number,
): Promise<void> {
  await db
    .updateTable("campaign_prices")
    .set({ starts_at: startsAt, ends_at: endsAt })
    .where("campaign_id", "=", id)
    .execute();
}

/** Per campaign with prices, the span of their windows: earliest start, latest end (null when one has no dates). */
export function campaignPriceSpans(
  db: Db,
): Promise<{ campaign_id: string; starts_at: number | null; ends_at: number | null }[]> {
  return db
    .selectFrom("campaign_prices")
    .select((eb) => [
      "campaign_id",
      eb.fn.min<number | null>("starts_at").as("starts_at"),
      eb.fn.max<number | null>("ends_at").as("ends_at"),
    ])
    .groupBy("campaign_id")
    .execute();
}

/** A campaign's window as the calendar gives it now (`key`: the id its prices name). */
export interface CampaignWindowNow {
  id: string;
  key: string;
  startsAt: number;
  endsAt: number;
}

/** Where campaign prices without dates find their windows (the rewards module's `Campaigns`). */
export interface CampaignCalendar {
  all(): Promise<CampaignWindowNow[]>;
}

/**
 * Campaign price rows with their windows: a row without dates takes its campaign's
 * configured window now (and that window's id, e.g. `black_friday_2027`); a row whose
 * campaign is not configured at all never applies.
 */
export function withWindows<
  Row extends { campaign_id: string; starts_at: number | null; ends_at: number | null },
>(
  rows: readonly Row[],
  calendar: readonly CampaignWindowNow[],
): Array<Omit<Row, "starts_at" | "ends_at"> & { starts_at: number; ends_at: number }> {
  const byKey = new Map(calendar.map((w) => [w.key, w] as const));
  return rows.flatMap((row) => {
    if (row.starts_at !== null && row.ends_at !== null)
      return [{ ...row, starts_at: Number(row.starts_at), ends_at: Number(row.ends_at) }];
    const window = byKey.get(row.campaign_id);
    return window
      ? [{ ...row, campaign_id: window.id, starts_at: window.startsAt, ends_at: window.endsAt }]
      : [];
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
