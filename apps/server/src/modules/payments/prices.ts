import type { CampaignOffer, ProductsResponse } from "@nimbus/protocol";
import type { Db } from "../../db/database.js";
import type { Clock } from "../../lib/clock.js";
import {
  type CampaignCalendar,
  type CampaignPrice,
  type CampaignWindowNow,
  type SelectedPrice,
  selectPrice,
  withWindows,
} from "./catalogue.js";
import { presentProduct } from "./order-presenter.js";

type ListPrice = { product_id: string; currency: string; amount: number };
type ProductCampaignPrice = CampaignPrice & { product_id: string };

/**
 * What the shop sells and at what price now: list prices, and campaign prices inside
 * their windows (a campaign without dates of its own follows its `REWARD_CAMPAIGNS` run).
 * The plans page, checkout and the campaign pages all price through here.
 */
export class Prices {
  constructor(private readonly deps: { db: Db; clock: Clock; campaigns: CampaignCalendar }) {}

  async products(currency = "USD"): Promise<ProductsResponse> {
    const now = this.deps.clock.now();
    const { db } = this.deps;
    const products = await this.activeProducts();
    const prices = await db.selectFrom("product_prices").selectAll().execute();
    const campaigns = withWindows(
      await db.selectFrom("campaign_prices").selectAll().execute(),
      await this.deps.campaigns.all(),
    );
    const out = products.flatMap((product) => {
      const price = priceOf(product.id, prices, campaigns, currency, now);
      return price ? [presentProduct(product, price)] : [];
    });
    const currencies = [...new Set(prices.map((p) => p.currency))].sort();
    return { products: out, currencies };
  }

  /** The price one product is sold at now in `currency` (else USD); null when it has none. */
  async priceFor(productId: string, currency: string): Promise<SelectedPrice | null> {
    const { db } = this.deps;
    return priceOf(
      productId,
      await db.selectFrom("product_prices").selectAll().where("product_id", "=", productId).execute(),
      withWindows(
        await db.selectFrom("campaign_prices").selectAll().where("product_id", "=", productId).execute(),
        await this.deps.campaigns.all(),
      ),
      currency,
      this.deps.clock.now(),
    );
  }

  private activeProducts() {
    return this.deps.db.selectFrom("products").selectAll().where("active", "=", 1).orderBy("sort").execute();
  }

  /**
   * What one campaign run charges, product by product, in `currency` where the product is
   * priced in it (else USD), as `products()` would charge while the run is live: the
   * campaign pages state these, so their promises cannot drift from the checkout's.
   */
  async campaignOffers(window: CampaignWindowNow, currency = "USD"): Promise<CampaignOffer[]> {
    const { db } = this.deps;
    const products = await this.activeProducts();
    const prices = await db.selectFrom("product_prices").selectAll().execute();
    const rows = withWindows(
      await db
        .selectFrom("campaign_prices")
        .selectAll()
        .where("campaign_id", "in", [window.id, window.key])
        .execute(),
      [window],
    ).filter((row) => row.campaign_id === window.id);
    return products.flatMap((product) => {
      const price = priceOf(product.id, prices, rows, currency, window.startsAt);
      if (price?.original_amount === undefined) return [];
      return [
        {
          product_id: product.id,
          kind: product.kind as CampaignOffer["kind"],
          ...(product.period ? { period: product.period as "month" | "year" } : {}),
          currency: price.currency,
          amount: price.amount,
          original_amount: price.original_amount,
        },
      ];
    });
  }
}

function priceOf(
  productId: string,
  prices: readonly ListPrice[],
  campaigns: readonly ProductCampaignPrice[],
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
