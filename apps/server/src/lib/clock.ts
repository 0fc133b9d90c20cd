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
 * The digits are one `String.fromCharCode`: a template of a dozen parts made as many
 * intermediate strings (about 360 bytes per call, half of what presenting a folder allocated).
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
  return String.fromCharCode(
    digit(year / 1000),
    digit(year / 100),
    digit(year / 10),
    digit(year),
    45, // -
    digit(month / 10),
    digit(month),
    45,
    digit(day / 10),
    digit(day),
    84, // T
    digit(hours / 10),
    digit(hours),
    58, // :
    digit(minutes / 10),
    digit(minutes),
    58,
    digit(seconds / 10),
    digit(seconds),
    46, // .
    digit(millis / 100),
    digit(millis / 10),
    digit(millis),
    90, // Z
  );
}

/** The char code of the last decimal digit of `n`'s integer part. */
function digit(n: number): number {
  return 48 + (Math.floor(n) % 10);
}
