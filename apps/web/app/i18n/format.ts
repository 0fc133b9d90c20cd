import { NOT_A_SIZE, STORAGE_STEP, STORAGE_UNITS, toByteCount } from "../lib/format/storage.js";

/**
 * `formatStorage` (spec §5: steps of 1024 through B … PB, `*` for a non-number) with
 * the page language's digits and separators: "1.5 KB", "1,5 KB", "1 023 B".
 */
export function formatBytes(value: unknown, locale: string): string {
  const bytes = toByteCount(value);
  if (bytes === undefined) return NOT_A_SIZE;
  let amount = bytes;
  let unit = 0;
  while (amount >= STORAGE_STEP && unit < STORAGE_UNITS.length - 1) {
    amount /= STORAGE_STEP;
    unit += 1;
  }
  const digits = unit === 0 || amount >= 100 ? 0 : amount >= 10 ? 1 : 2;
  const number = new Intl.NumberFormat(locale, { maximumFractionDigits: digits }).format(amount);
  return `${number} ${STORAGE_UNITS[unit]}`;
}

/** A calendar date (`2025-09-01`) in the page's language, the same on server and client. */
export function formatDate(iso: string, locale: string): string {
  return new Intl.DateTimeFormat(locale, { dateStyle: "long", timeZone: "UTC" }).format(new Date(iso));
}

export function formatPrice(cents: number, currency: string, locale: string): string {
  return new Intl.NumberFormat(locale, { style: "currency", currency }).format(cents / 100);
}
