import { type CookieJar, type CookieOptions, withCookieDefaults } from "./cookies.js";

/** Query parameter → attribution field (spec §3). */
export const ATTRIBUTION_PARAMS = { source: "__source", medium: "__medium", campaign: "__campaign" } as const;
export type AttributionField = keyof typeof ATTRIBUTION_PARAMS;
export type Attribution = Partial<Record<AttributionField, string>>;

export const ATTRIBUTION_COOKIES: Record<AttributionField, string> = {
  source: "pp_source",
  medium: "pp_medium",
  campaign: "pp_campaign",
};
/** 720 minutes (spec §9). */
export const ATTRIBUTION_COOKIE_OPTIONS: CookieOptions = withCookieDefaults({ maxAge: 720 * 60 });

const FIELDS = Object.keys(ATTRIBUTION_PARAMS) as AttributionField[];

/** The attribution a URL's query carries; empty values are absent. */
export function attributionFromQuery(search: string | URLSearchParams): Attribution {
  const params = typeof search === "string" ? new URLSearchParams(search) : search;
  const found: Attribution = {};
  for (const field of FIELDS) {
    const value = params.get(ATTRIBUTION_PARAMS[field])?.trim();
    if (value) found[field] = value;
  }
  return found;
}

/**
 * Stores the attribution in the query in cookies lasting 720 minutes; fields the
 * query does not carry keep their cookies. Returns what was stored.
 */
export function captureAttribution(jar: CookieJar, search: string | URLSearchParams): Attribution {
  const found = attributionFromQuery(search);
  for (const field of FIELDS) {
    const value = found[field];
    if (value !== undefined) jar.set(ATTRIBUTION_COOKIES[field], value, ATTRIBUTION_COOKIE_OPTIONS);
  }
  return found;
}

export function readAttribution(jar: CookieJar): Attribution {
  const found: Attribution = {};
  for (const field of FIELDS) {
    const value = jar.get(ATTRIBUTION_COOKIES[field]);
    if (value) found[field] = value;
  }
  return found;
}
