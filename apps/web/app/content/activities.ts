import type { CampaignOffer } from "@nimbus/protocol";
import * as icons from "../components/icons.js";

/** Which of a campaign's prices an offer of its page speaks for. */
export type OfferProducts = (offer: CampaignOffer) => boolean;

const yearlyPlan: OfferProducts = (o) => o.kind === "plan" && o.period === "year";
const monthlyPlan: OfferProducts = (o) => o.kind === "plan" && o.period === "month";
const storagePacks: OfferProducts = (o) => o.kind === "storage_pack";
const trafficPacks: OfferProducts = (o) => o.kind === "traffic_pack";

/**
 * Pages under /{locale}/activity/<id>. A `campaign` follows the server's configured
 * window (`REWARD_CAMPAIGNS`, e.g. `christmas_2027`): after it the page redirects to
 * /{locale}/activity-end, and each offer states the discount the server charges on the
 * products it names (an offer with no such price is not shown). The compensation page
 * has no end: the server's `REWARD_COMPENSATIONS` decides who may claim. Texts: `activity.<id>.badge|title|lead|cta|rules` and
 * `activity.<id>.offer.<offer>.title|body` (a campaign offer's title takes `{discount}`).
 */
export const ACTIVITIES = {
  christmas: {
    campaign: true,
    offers: [
      ["yearly", icons.star, yearlyPlan],
      ["monthly", icons.calendar, monthlyPlan],
    ],
  },
  compensation: {
    /** The spec's compensation activity type, sent when claiming. */
    type: "aliyun_accident_202409",
    offers: [
      ["days", icons.star],
      ["traffic", icons.download],
    ],
  },
  "black-friday": {
    campaign: true,
    offers: [
      ["yearly", icons.star, yearlyPlan],
      ["storage", icons.cloud, storagePacks],
      ["traffic", icons.bolt, trafficPacks],
    ],
  },
} as const satisfies Record<
  string,
  | { campaign: true; offers: ReadonlyArray<readonly [string, string, OfferProducts]> }
  | { type: string; offers: ReadonlyArray<readonly [string, string]> }
>;

export type ActivityId = keyof typeof ACTIVITIES;

export function activityId(pathname: string): ActivityId | undefined {
  const last = pathname.replace(/\/$/, "").split("/").pop();
  return last && last in ACTIVITIES ? (last as ActivityId) : undefined;
}

/**
 * The whole percentage an offer promises: the smallest discount among the campaign's
 * prices it speaks for, so "30% off storage packs" holds for every pack. Undefined when
 * the campaign prices none of them.
 */
export function offerDiscount(offers: readonly CampaignOffer[], products: OfferProducts): number | undefined {
  const percents = offers
    .filter((o) => products(o) && o.original_amount > 0 && o.amount < o.original_amount)
    .map((o) => Math.round((1 - o.amount / o.original_amount) * 100));
  return percents.length > 0 ? Math.min(...percents) : undefined;
}
