import { describe, expect, it } from "vitest";
import { catalogueFileSchema, DEFAULT_CATALOGUE, selectPrice } from "./catalogue.js";

const list = new Map([
  ["USD", 7999],
  ["EUR", 7599],
]);
const start = Date.UTC(2026, 10, 27);
const end = Date.UTC(2026, 11, 1);
const campaigns = [
  { campaign_id: "black_friday", currency: "USD", amount: 4999, starts_at: start, ends_at: end },
];

describe("price selection", () => {
  it("charges the campaign price only inside its window", () => {
    expect(selectPrice(list, campaigns, "USD", start - 1)).toEqual({ currency: "USD", amount: 7999 });
    expect(selectPrice(list, campaigns, "USD", start)).toEqual({
      currency: "USD",
      amount: 4999,
      original_amount: 7999,
      campaign_id: "black_friday",
      campaign_ends_at: end,
    });
    expect(selectPrice(list, campaigns, "USD", end)).toEqual({ currency: "USD", amount: 7999 });
  });

  it("prices in the asked currency, falls back to USD, and keeps campaigns per currency", () => {
    expect(selectPrice(list, campaigns, "EUR", start)).toEqual({ currency: "EUR", amount: 7599 });
    expect(selectPrice(list, campaigns, "JPY", start)?.amount).toBe(4999);
    expect(selectPrice(new Map(), campaigns, "USD", start)).toBeNull();
  });

  it("ships a valid default catalogue", () => {
    const parsed = catalogueFileSchema.parse(DEFAULT_CATALOGUE);
    expect(parsed.products.map((p) => p.id)).toEqual(
      expect.arrayContaining(["premium-month", "premium-year", "storage-1t", "traffic-500g"]),
    );
  });
});
