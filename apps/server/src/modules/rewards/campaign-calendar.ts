import type { CampaignRule, CampaignWindow } from "../../config/rewards-config.js";

const DAY_MS = 86_400_000;

/**
 * The windows of one campaign around `now`: a dated campaign's one window, or a yearly
 * campaign's occurrences of last year, this year and next year, earliest first. A yearly
 * occurrence's id is the campaign's id and the year it starts (`black_friday_2027`), so
 * orders and the console name one year's run, and an admin's window for it is kept apart.
 */
export function occurrencesAround(rule: CampaignRule, now: number): CampaignWindow[] {
  if (rule.kind === "dated")
    return [{ id: rule.id, key: rule.id, startsAt: rule.startsAt, endsAt: rule.endsAt }];
  const year = new Date(now).getUTCFullYear();
  return [year - 1, year, year + 1].map((y) => ({ id: `${rule.id}_${y}`, key: rule.id, ...spanIn(rule, y) }));
}

/** The window holding `now`, else the next one to come, else the last that ended. */
export function currentOrNext(windows: readonly CampaignWindow[], now: number): CampaignWindow | undefined {
  const sorted = [...windows].sort((a, b) => a.startsAt - b.startsAt);
  return sorted.find((w) => now < w.endsAt) ?? sorted.at(-1);
}

function spanIn(rule: Exclude<CampaignRule, { kind: "dated" }>, year: number) {
  if (rule.kind === "black-friday") {
    const friday = blackFriday(year);
    // Friday through Cyber Monday: four days.
    return { startsAt: friday, endsAt: friday + 4 * DAY_MS };
  }
  const startsAt = Date.UTC(year, rule.start.month - 1, rule.start.day);
  let endsAt = Date.UTC(year, rule.end.month - 1, rule.end.day);
  if (endsAt <= startsAt) endsAt = Date.UTC(year + 1, rule.end.month - 1, rule.end.day);
  return { startsAt, endsAt };
}

/** 00:00 UTC of the Friday after the fourth Thursday of November. */
export function blackFriday(year: number): number {
  const firstWeekday = new Date(Date.UTC(year, 10, 1)).getUTCDay(); // 0 = Sunday
  const firstThursday = 1 + ((4 - firstWeekday + 7) % 7);
  return Date.UTC(year, 10, firstThursday + 21 + 1);
}
