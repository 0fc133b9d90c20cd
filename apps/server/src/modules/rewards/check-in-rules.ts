import { NimbusError } from "@nimbus/protocol";

const DAY_MS = 86_400_000;

/** The reward of one day of a week's streak: traffic on days 1–6, premium days on day 7. */
export interface CheckInReward {
  day: number;
  kind: "traffic" | "premium_day";
  amount: number;
}

/** The reward table the check-in page shows. */
export function rewardTable(trafficBytes: number, premiumDays: number): CheckInReward[] {
  return [1, 2, 3, 4, 5, 6, 7].map((day) =>
    day === 7
      ? { day, kind: "premium_day", amount: premiumDays }
      : { day, kind: "traffic", amount: trafficBytes },
  );
}

/** The IANA time zone named, or `invalid_argument`. */
export function checkTimeZone(zone: string): string {
  try {
    return new Intl.DateTimeFormat("en-US", { timeZone: zone }).resolvedOptions().timeZone;
  } catch {
    throw new NimbusError("invalid_argument", `not an IANA time zone: ${zone}`);
  }
}

const formats = new Map<string, Intl.DateTimeFormat>();

function format(zone: string): Intl.DateTimeFormat {
  let f = formats.get(zone);
  if (!f) {
    f = new Intl.DateTimeFormat("en-CA", {
      timeZone: zone,
      year: "numeric",
      month: "2-digit",
      day: "2-digit",
      hour: "2-digit",
      minute: "2-digit",
      second: "2-digit",
      hourCycle: "h23",
    });
    formats.set(zone, f);
  }
  return f;
}

/** The wall-clock time at `ms` in `zone`, read as if it were UTC (for offsets and dates). */
function wallClock(ms: number, zone: string): number {
  const parts = Object.fromEntries(
    format(zone)
      .formatToParts(ms)
      .map((p) => [p.type, p.value]),
  );
  return Date.UTC(
    Number(parts.year),
    Number(parts.month) - 1,
    Number(parts.day),
    Number(parts.hour),
    Number(parts.minute),
    Number(parts.second),
  );
}

/** The calendar day (`YYYY-MM-DD`) at `ms` in `zone`. */
export function localDay(ms: number, zone: string): string {
  return new Date(wallClock(ms, zone)).toISOString().slice(0, 10);
}

/** The day before a `YYYY-MM-DD` day. */
export function previousDay(day: string): string {
  return new Date(Date.parse(`${day}T00:00:00Z`) - DAY_MS).toISOString().slice(0, 10);
}

/** The instant the day after `ms` begins in `zone` (when the next check-in opens). */
export function nextMidnight(ms: number, zone: string): number {
  const tomorrow = Date.parse(`${localDay(ms, zone)}T00:00:00Z`) + DAY_MS;
  let instant = tomorrow - (wallClock(tomorrow, zone) - tomorrow);
  const offset = wallClock(instant, zone) - instant;
  instant = tomorrow - offset;
  return instant;
}

/**
 * The streak a check-in on `today` makes, after the last check-in (`lastDay`, `lastStreak`):
 * one more when the last was yesterday, else it starts again at 1.
 */
export function nextStreak(today: string, last: { day: string; streak: number } | undefined): number {
  return last && last.day === previousDay(today) ? last.streak + 1 : 1;
}

/** The streak standing today: kept while the last check-in was today or yesterday, else 0. */
export function standingStreak(today: string, last: { day: string; streak: number } | undefined): number {
  if (!last) return 0;
  return last.day === today || last.day === previousDay(today) ? last.streak : 0;
}

/** The day of the week's table (1–7) a streak's check-in earns. */
export function tableDay(streak: number): number {
  return ((streak - 1) % 7) + 1;
}
