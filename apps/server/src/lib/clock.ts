/** Time source, injectable so tests can move time. */
export interface Clock {
  now(): number;
}

export const systemClock: Clock = { now: () => Date.now() };

const DAY_MS = 86_400_000;
/** 10000-01-01T00:00:00Z: from there `toISOString` writes six-digit years. */
const YEAR_10000_MS = 253_402_300_800_000;

/**
 * `new Date(ms).toISOString()`, by arithmetic for whole milliseconds in years 1970–9999
 * (a third of the cost: a 100-item list formats 300 of them), else by `Date` itself.
 */
export function isoTime(ms: number): string {
  if (!(ms >= 0 && ms < YEAR_10000_MS) || !Number.isInteger(ms)) return new Date(ms).toISOString();
  const days = Math.floor(ms / DAY_MS);
  let rest = ms - days * DAY_MS;
  // Days since 1970-01-01 to a civil date (Howard Hinnant's civil_from_days, eras of 400 years).
  const z = days + 719_468;
  const era = Math.floor(z / 146_097);
  const dayOfEra = z - era * 146_097;
  const yearOfEra = Math.floor(
    (dayOfEra -
      Math.floor(dayOfEra / 1460) +
      Math.floor(dayOfEra / 36_524) -
      Math.floor(dayOfEra / 146_096)) /
      365,
  );
  const dayOfYear = dayOfEra - (365 * yearOfEra + Math.floor(yearOfEra / 4) - Math.floor(yearOfEra / 100));
  const monthIndex = Math.floor((5 * dayOfYear + 2) / 153); // from March
  const day = dayOfYear - Math.floor((153 * monthIndex + 2) / 5) + 1;
  const month = monthIndex < 10 ? monthIndex + 3 : monthIndex - 9;
  const year = yearOfEra + era * 400 + (month <= 2 ? 1 : 0);
  const hours = Math.floor(rest / 3_600_000);
  rest -= hours * 3_600_000;
  const minutes = Math.floor(rest / 60_000);
  rest -= minutes * 60_000;
  const seconds = Math.floor(rest / 1000);
  const millis = rest - seconds * 1000;
  return `${year}-${two(month)}-${two(day)}T${two(hours)}:${two(minutes)}:${two(seconds)}.${millis < 10 ? "00" : millis < 100 ? "0" : ""}${millis}Z`;
}

function two(n: number): string {
  return n < 10 ? `0${n}` : `${n}`;
}
