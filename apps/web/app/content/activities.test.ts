import type { CampaignOffer } from "@nimbus/protocol";
import { describe, expect, it } from "vitest";
import { ACTIVITIES, activityId, offerDiscount } from "./activities.js";

const offer = (over: Partial<CampaignOffer>): CampaignOffer => ({
  product_id: "p",
  kind: "storage_pack",
  currency: "USD",
  amount: 70,
  original_amount: 100,
  ...over,
});

describe("activities", () => {
  it("finds the activity of a path", () => {
    expect(activityId("/ja/activity/black-friday")).toBe("black-friday");
    expect(activityId("/activity/christmas/")).toBe("christmas");
    expect(activityId("/activity/easter")).toBeUndefined();
  });

  it("an offer promises the smallest discount among the prices it speaks for", () => {
    const [, , storage] = ACTIVITIES["black-friday"].offers[1];
    const [, , yearly] = ACTIVITIES["black-friday"].offers[0];
    const prices = [
      offer({ amount: 139, original_amount: 199 }), // 30.15 %
      offer({ amount: 1049, original_amount: 1499 }), // 30.02 %
      offer({ kind: "plan", period: "year", amount: 4799, original_amount: 7999 }), // 40.005 %
    ];
    expect(offerDiscount(prices, storage)).toBe(30);
    expect(offerDiscount(prices, yearly)).toBe(40);
    expect(offerDiscount(prices, (o) => o.kind === "traffic_pack")).toBeUndefined();
    // A "campaign price" that is not lower promises nothing.
    expect(offerDiscount([offer({ amount: 100 })], storage)).toBeUndefined();
  });
});
