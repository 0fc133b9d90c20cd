/** The 11 locales of spec §2. en-US is the default. */
export const LOCALES = ["en-US", "es", "id", "ja", "ko", "ms", "pt", "ru", "uk", "zh-CN", "zh-TW"] as const;
export type Locale = (typeof LOCALES)[number];
export const DEFAULT_LOCALE: Locale = "en-US";

export function isLocale(value: unknown): value is Locale {
  return typeof value === "string" && (LOCALES as readonly string[]).includes(value);
}

const TRADITIONAL_CHINESE = new Set(["tw", "hk", "mo", "hant"]);

/** Maps one BCP 47 tag (any case) onto a supported locale, or undefined. */
export function matchLocale(tag: string): Locale | undefined {
  const parts = tag.trim().toLowerCase().split(/[-_]/);
  const language = parts[0];
  if (!language) return undefined;
  if (language === "zh") {
    return parts.slice(1).some((part) => TRADITIONAL_CHINESE.has(part)) ? "zh-TW" : "zh-CN";
  }
  if (language === "en") return "en-US";
  if (language === "in") return "id"; // legacy code for Indonesian
  return LOCALES.find((locale) => locale === language);
}

/**
 * Picks the best supported locale from an Accept-Language header, honouring q
 * values; falls back to the default locale.
 */
export function negotiateLocale(acceptLanguage: string | null | undefined): Locale {
  if (!acceptLanguage) return DEFAULT_LOCALE;
  const ranked = acceptLanguage
    .split(",")
    .map((entry, index) => {
      const [tag = "", ...params] = entry.split(";");
      const q = params.map((p) => p.trim()).find((p) => p.startsWith("q="));
      const weight = q ? Number.parseFloat(q.slice(2)) : 1;
      return { tag: tag.trim(), weight: Number.isFinite(weight) ? weight : 0, index };
    })
    .filter((entry) => entry.tag && entry.tag !== "*" && entry.weight > 0)
    .sort((a, b) => b.weight - a.weight || a.index - b.index);
  for (const { tag } of ranked) {
    const locale = matchLocale(tag);
    if (locale) return locale;
  }
  return DEFAULT_LOCALE;
}
