import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { manualClock } from "../support/grants.js";
import { createTestApp, type TestApp } from "../support/test-app.js";
import { signUp } from "../support/users.js";
import { call } from "./rewards-client.js";

const DAY = 86_400_000;

interface Listed {
  id: string;
  start_time: string;
  end_time: string;
  offers: Array<{ product_id: string; amount: number; original_amount: number; currency: string }>;
}

/**
 * The default campaigns recur by rule, so the shipped configuration never goes stale:
 * Black Friday (the Friday after the fourth Thursday of November through Cyber Monday)
 * and Christmas (18 December to 7 January), each year under its own id, and the prices
 * the plans page charges are the ones the campaign list promises.
 */
describe("default campaigns, every year", () => {
  let t: TestApp;
  const clock = manualClock(Date.parse("2027-11-26T12:00:00Z"));

  beforeAll(async () => {
    t = await createTestApp({ clock });
  });
  afterAll(() => t.close());

  async function yearPrice(currency = "USD") {
    const products = await call(t.app, undefined, "GET", `/vip/v1/products?currency=${currency}`);
    return (products.body.products as Array<{ id: string; price: Record<string, unknown> }>).find(
      (p) => p.id === "premium-year",
    )?.price;
  }

  it("Black Friday 2027 is live on its Friday, and the plans page charges what it promises", async () => {
    const live = await call(t.app, undefined, "GET", "/vip/v1/campaigns");
    const campaigns = live.body.campaigns as Listed[];
    expect(campaigns.map((c) => [c.id, c.start_time, c.end_time])).toEqual([
      ["black_friday_2027", "2027-11-26T00:00:00.000Z", "2027-11-30T00:00:00.000Z"],
    ]);
    const promised = campaigns[0]?.offers.find((o) => o.product_id === "premium-year");
    expect(promised).toMatchObject({ currency: "USD", amount: 4799, original_amount: 7999 });
    expect(await yearPrice()).toEqual({
      currency: "USD",
      amount: promised?.amount,
      original_amount: promised?.original_amount,
      campaign_id: "black_friday_2027",
      campaign_ends_at: "2027-11-30T00:00:00.000Z",
    });
    // Every product the campaign discounts, in the visitor's currency as the plans page would.
    const euro = await call(t.app, undefined, "GET", "/vip/v1/campaigns?currency=eur");
    const offers = (euro.body.campaigns as Listed[])[0]?.offers ?? [];
    expect(offers.map((o) => o.product_id).sort()).toEqual(
      [
        "premium-month",
        "premium-year",
        "storage-100g",
        "storage-1t",
        "storage-5t",
        "traffic-100g",
        "traffic-2t",
        "traffic-500g",
      ].sort(),
    );
    expect(offers.find((o) => o.product_id === "premium-year")).toMatchObject({
      currency: "EUR",
      amount: 4559,
    });
  });

  it("an order placed during the campaign is charged the campaign price", async () => {
    const user = await signUp(t.app);
    const ordered = await call(t.app, user, "POST", "/vip/v1/order", { product_id: "premium-year" });
    expect(ordered.status, ordered.text).toBe(200);
    const order = await call(t.app, user, "GET", `/vip/v1/sandbox/orders/${ordered.body.order_id}`);
    expect(order.body.order).toMatchObject({ amount: 4799, currency: "USD" });
  });

  it("after Cyber Monday the list price is back and the next runs are listed", async () => {
    clock.advance(4 * DAY); // Tuesday 30 November 2027, 12:00
    expect((await call(t.app, undefined, "GET", "/vip/v1/campaigns")).body.campaigns).toEqual([]);
    expect(await yearPrice()).toEqual({ currency: "USD", amount: 7999 });
    const all = await call(t.app, undefined, "GET", "/vip/v1/campaigns?scope=all");
    expect((all.body.campaigns as Listed[]).map((c) => [c.id, c.start_time, c.end_time])).toEqual([
      ["black_friday_2028", "2028-11-24T00:00:00.000Z", "2028-11-28T00:00:00.000Z"],
      ["christmas_2027", "2027-12-18T00:00:00.000Z", "2028-01-08T00:00:00.000Z"],
    ]);
  });

  it("Christmas runs across New Year under the year it started", async () => {
    clock.advance(Date.parse("2028-01-07T23:00:00Z") - clock.now());
    const live = await call(t.app, undefined, "GET", "/vip/v1/campaigns");
    expect((live.body.campaigns as Listed[]).map((c) => c.id)).toEqual(["christmas_2027"]);
    expect(await yearPrice()).toMatchObject({ amount: 5999, campaign_id: "christmas_2027" });
  });
});
