import type { Env } from "./schema.js";

/** A one-off compensation: its days, for accounts created before a time. */
export interface CompensationRule {
  type: string;
  days: number;
  createdBefore: number;
}

/** A campaign window: its prices and pages hold from `startsAt` until (not including) `endsAt`. */
export interface CampaignWindow {
  /** This window's id: a dated campaign's own, a yearly one's with its year (`black_friday_2027`). */
  id: string;
  /** The configured campaign it belongs to: the id its catalogue prices name (`black_friday`). */
  key: string;
  startsAt: number;
  endsAt: number;
}

export interface MonthDay {
  month: number;
  day: number;
}

/**
 * A configured campaign (`REWARD_CAMPAIGNS`): one dated window, a yearly window between two
 * calendar days (UTC, end day excluded), or Black Friday's yearly rule (the Friday after the
 * fourth Thursday of November through the following Monday).
 */
export type CampaignRule =
  | { id: string; kind: "dated"; startsAt: number; endsAt: number }
  | { id: string; kind: "yearly"; start: MonthDay; end: MonthDay }
  | { id: string; kind: "black-friday" };

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
  campaigns: CampaignRule[];
}

const KEY = /^[a-z0-9_]{1,64}$/;
const DATE = /^\d{4}-\d{2}-\d{2}$/;
const MONTH_DAY = /^(\d{2})-(\d{2})$/;

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

/** `MM-DD` as a calendar day that exists in a leap year, or undefined. */
function monthDay(value: string | undefined): MonthDay | undefined {
  const match = value ? MONTH_DAY.exec(value) : null;
  if (!match) return undefined;
  const [month, dayOfMonth] = [Number(match[1]), Number(match[2])];
  const date = new Date(Date.UTC(2028, month - 1, dayOfMonth));
  return date.getUTCMonth() === month - 1 && date.getUTCDate() === dayOfMonth
    ? { month, day: dayOfMonth }
    : undefined;
}

function campaignRule(parts: string[]): CampaignRule | undefined {
  const [id, start, end] = parts;
  if (!id || !KEY.test(id)) return undefined;
  if (parts.length === 2 && start === "black-friday") return { id, kind: "black-friday" };
  if (parts.length !== 3) return undefined;
  const startsAt = day(start);
  const endsAt = day(end);
  if (startsAt && endsAt) return endsAt > startsAt ? { id, kind: "dated", startsAt, endsAt } : undefined;
  const from = monthDay(start);
  const to = monthDay(end);
  if (!from || !to || (from.month === to.month && from.day === to.day)) return undefined;
  return { id, kind: "yearly", start: from, end: to };
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
  const campaigns: CampaignRule[] = [];
  for (const parts of entries(e.REWARD_CAMPAIGNS)) {
    const rule = campaignRule(parts);
    if (rule && !campaigns.some((c) => c.id === rule.id)) campaigns.push(rule);
    else
      problems.push(
        `REWARD_CAMPAIGNS: not id:YYYY-MM-DD:YYYY-MM-DD (start before end), id:MM-DD:MM-DD or id:black-friday, or the id twice: ${parts.join(":")}`,
      );
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
