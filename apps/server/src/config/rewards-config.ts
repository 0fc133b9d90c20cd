import type { Env } from "./schema.js";

/** A one-off compensation: its days, for accounts created before a time. */
export interface CompensationRule {
  type: string;
  days: number;
  createdBefore: number;
}

/** A campaign window: its prices and pages hold from `startsAt` until (not including) `endsAt`. */
export interface CampaignWindow {
  id: string;
  startsAt: number;
  endsAt: number;
}

/** Membership rewards: free days, the check-in table, compensations and campaigns. */
export interface RewardsConfig {
  inviteeDays: number;
  inviterDays: number;
  newUserDays: number;
  /** Invites per inviter and calendar month (UTC) that earn the inviter days. */
  inviteMonthlyCap: number;
  checkInTrafficBytes: number;
  checkInPremiumDays: number;
  /** Wrong activation codes per hour (account, device; an address ten times that) before `too_many_requests`. */
  codeFailuresPerHour: number;
  compensations: CompensationRule[];
  campaigns: CampaignWindow[];
}

const KEY = /^[a-z0-9_]{1,64}$/;
const DATE = /^\d{4}-\d{2}-\d{2}$/;

function entries(value: string): string[][] {
  return value
    .split(",")
    .map((entry) => entry.trim())
    .filter(Boolean)
    .map((entry) => entry.split(":"));
}

function day(value: string | undefined): number | undefined {
  return value && DATE.test(value) && !Number.isNaN(Date.parse(`${value}T00:00:00Z`))
    ? Date.parse(`${value}T00:00:00Z`)
    : undefined;
}

export function rewardsConfig(e: Env, problems: string[]): RewardsConfig {
  const compensations: CompensationRule[] = [];
  for (const parts of entries(e.REWARD_COMPENSATIONS)) {
    const [type, days, before] = parts;
    const createdBefore = day(before);
    const count = Number(days);
    if (
      parts.length !== 3 ||
      !type ||
      !KEY.test(type) ||
      !Number.isInteger(count) ||
      count < 1 ||
      !createdBefore
    ) {
      problems.push(`REWARD_COMPENSATIONS: not type:days:YYYY-MM-DD: ${parts.join(":")}`);
    } else compensations.push({ type, days: count, createdBefore });
  }
  const campaigns: CampaignWindow[] = [];
  for (const parts of entries(e.REWARD_CAMPAIGNS)) {
    const [id, start, end] = parts;
    const startsAt = day(start);
    const endsAt = day(end);
    if (parts.length !== 3 || !id || !KEY.test(id) || !startsAt || !endsAt || endsAt <= startsAt) {
      problems.push(`REWARD_CAMPAIGNS: not id:YYYY-MM-DD:YYYY-MM-DD (start before end): ${parts.join(":")}`);
    } else campaigns.push({ id, startsAt, endsAt });
  }
  return {
    inviteeDays: e.REWARD_INVITEE_DAYS,
    inviterDays: e.REWARD_INVITER_DAYS,
    newUserDays: e.REWARD_NEW_USER_DAYS,
    inviteMonthlyCap: e.REWARD_INVITE_MONTHLY_CAP,
    checkInTrafficBytes: e.REWARD_CHECK_IN_TRAFFIC_BYTES,
    checkInPremiumDays: e.REWARD_CHECK_IN_PREMIUM_DAYS,
    codeFailuresPerHour: e.ACTIVATION_CODE_FAILURES_PER_HOUR,
    compensations,
    campaigns,
  };
}
