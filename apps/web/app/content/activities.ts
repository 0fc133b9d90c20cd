import * as icons from "../components/icons.js";

/**
 * Campaigns under /{locale}/activity/<id>. `endsAt` drives `activity-end`: after it the
 * page redirects to /{locale}/activity-end. For a `campaign` the server's configured
 * window (`REWARD_CAMPAIGNS`, e.g. `christmas_2026`) decides instead; `endsAt` is only
 * the fallback when the server does not answer. Texts: `activity.<id>.badge|title|lead|cta|rules`
 * and `activity.<id>.offer.<offer>.title|body`.
 */
export const ACTIVITIES = {
  christmas: {
    campaign: true,
    endsAt: "2027-01-06T23:59:59Z",
    offers: [
      ["yearly", icons.star],
      ["gift", icons.gift],
      ["checkin", icons.calendar],
    ],
  },
  compensation: {
    /** The spec's compensation activity type, sent when claiming. */
    type: "aliyun_accident_202409",
    endsAt: "2027-01-31T23:59:59Z",
    offers: [
      ["days", icons.star],
      ["traffic", icons.download],
    ],
  },
  "black-friday": {
    campaign: true,
    endsAt: "2026-11-30T23:59:59Z",
    offers: [
      ["yearly", icons.star],
      ["storage", icons.cloud],
      ["traffic", icons.bolt],
    ],
  },
} as const satisfies Record<
  string,
  { endsAt: string; campaign?: boolean; type?: string; offers: ReadonlyArray<readonly [string, string]> }
>;

export type ActivityId = keyof typeof ACTIVITIES;

export function activityId(pathname: string): ActivityId | undefined {
  const last = pathname.replace(/\/$/, "").split("/").pop();
  return last && last in ACTIVITIES ? (last as ActivityId) : undefined;
}

export function activityEnded(id: ActivityId, now: number): boolean {
  return now >= Date.parse(ACTIVITIES[id].endsAt);
}
