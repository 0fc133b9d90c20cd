import { NOT_A_SIZE, STORAGE_STEP, STORAGE_UNITS, toByteCount } from "../lib/format/storage.js";

/**
 * Unit symbols where a language writes them in its own script (Russian and Ukrainian
 * write Б, КБ, МБ, ГБ); every other supported language writes the Latin B … PB.
 */
const LOCAL_STORAGE_UNITS: Readonly<Record<string, readonly string[]>> = {
  ru: ["Б", "КБ", "МБ", "ГБ", "ТБ", "ПБ"],
  uk: ["Б", "КБ", "МБ", "ГБ", "ТБ", "ПБ"],
};

/** The storage unit symbols (B … PB) as `locale` writes them. */
export function storageUnits(locale: string): readonly string[] {
  return LOCAL_STORAGE_UNITS[locale.split("-")[0] ?? ""] ?? STORAGE_UNITS;
}

/**
 * `formatStorage` (spec §5: steps of 1024 through B … PB, `*` for a non-number) with
 * the page language's digits, separators and unit symbols: "1.5 KB", "1,5 KB", "1,5 МБ".
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
  return `${sizeFormat(locale, digits).format(amount)} ${storageUnits(locale)[unit]}`;
}

const sizeFormats = new Map<string, Intl.NumberFormat>();
/** One formatter per language and precision: a listing formats a size on every row. */
function sizeFormat(locale: string, digits: number): Intl.NumberFormat {
  const key = `${locale}|${digits}`;
  let format = sizeFormats.get(key);
  if (!format) {
    format = new Intl.NumberFormat(locale, { maximumFractionDigits: digits });
    sizeFormats.set(key, format);
  }
  return format;
}

/** A calendar date (`2025-09-01`) in the page's language, the same on server and client. */
export function formatDate(iso: string, locale: string): string {
  return new Intl.DateTimeFormat(locale, { dateStyle: "long", timeZone: "UTC" }).format(new Date(iso));
}

/**
 * The last day (UTC) of a window that ends before `endIso`: a campaign ending at
 * `2027-11-30T00:00:00Z` runs through 29 November, and that is the day a page promises.
 */
export function formatLastDay(endIso: string, locale: string): string {
  return formatDate(new Date(Date.parse(endIso) - 1).toISOString(), locale);
}

/** A whole percentage in the page's language: 40 → "40%" (en), "40 %" (es), "40 %" (ru). */
export function formatPercent(percent: number, locale: string): string {
  return new Intl.NumberFormat(locale, { style: "percent", maximumFractionDigits: 0 }).format(percent / 100);
}

/**
 * A price given in the currency's minor units (cents for USD, yen for JPY, fils for
 * KWD) in the page's language: `formatPrice(999, "USD", "en-US")` is "$9.99".
 */
export function formatPrice(minor: number, currency: string, locale: string): string {
  const format = new Intl.NumberFormat(locale, { style: "currency", currency });
  const digits = format.resolvedOptions().maximumFractionDigits ?? 2;
  return format.format(minor / 10 ** digits);
}
