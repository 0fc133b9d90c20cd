import { DEFAULT_LOCALE, isLocale, type Locale } from "@nimbus/protocol";
import { LOCALE_COOKIE } from "../lib/cookies.js";

export const LOCALE_COOKIE_MAX_AGE_S = 365 * 24 * 60 * 60;

/** The locale prefix of a path (`/ja/faq` → `ja`), if it names a supported locale. */
export function localeOfPath(pathname: string): Locale | undefined {
  const first = pathname.split("/")[1];
  return isLocale(first) ? first : undefined;
}

/** The path without a supported locale prefix (`/ja/faq` → `/faq`, `/ja` → `/`). */
export function stripLocale(pathname: string): string {
  const locale = localeOfPath(pathname);
  if (!locale) return pathname;
  const rest = pathname.slice(locale.length + 1);
  return rest === "" ? "/" : rest;
}

/** A public page's path in a locale: the default locale is prefixed too, except the home. */
export function localizedPath(locale: Locale, pathname: string): string {
  const bare = stripLocale(pathname);
  return bare === "/" ? `/${locale}` : `/${locale}${bare}`;
}

export function readCookie(header: string | null, name: string): string | undefined {
  if (!header) return undefined;
  for (const part of header.split(";")) {
    const [key, ...value] = part.trim().split("=");
    if (key === name) return decodeURIComponent(value.join("="));
  }
  return undefined;
}

export function localeCookie(locale: Locale, secure: boolean): string {
  return `${LOCALE_COOKIE}=${locale}; Path=/; Max-Age=${LOCALE_COOKIE_MAX_AGE_S}; SameSite=Lax${secure ? "; Secure" : ""}`;
}

export type LocaleDecision =
  | { kind: "render"; locale: Locale }
  | { kind: "redirect"; location: string; setCookie: Locale };

/**
 * Spec §2 locale rules for one request: a supported `?locale=` sets the language
 * (cookie, then the clean URL); a locale prefix on a share path is stored and the
 * locale-less path used; otherwise the path prefix, then the cookie, then en-US.
 * Invalid query or cookie values are ignored.
 */
export function decideLocale(url: URL, cookieHeader: string | null): LocaleDecision {
  const query = url.searchParams.get("locale");
  const prefix = localeOfPath(url.pathname);
  const bare = stripLocale(url.pathname);
  if (isLocale(query)) {
    const params = new URLSearchParams(url.searchParams);
    params.delete("locale");
    const search = params.size ? `?${params}` : "";
    const path = prefix && prefix !== query ? localizedPath(query, url.pathname) : url.pathname;
    return { kind: "redirect", location: `${path}${search}${url.hash}`, setCookie: query };
  }
  if (prefix && bare.startsWith("/s/")) {
    return { kind: "redirect", location: `${bare}${url.search}`, setCookie: prefix };
  }
  const cookie = readCookie(cookieHeader, LOCALE_COOKIE);
  return { kind: "render", locale: prefix ?? (isLocale(cookie) ? cookie : DEFAULT_LOCALE) };
}

/** The locale a request renders in (what the root loader decides), for route loaders. */
export function requestLocale(request: Request): Locale {
  const decision = decideLocale(new URL(request.url), request.headers.get("cookie"));
  return decision.kind === "render" ? decision.locale : decision.setCookie;
}

/**
 * A link from a public page into the drive, whose paths carry no language: from a page
 * with a locale prefix (`/ja/…`) it asks for that language (`?locale=ja` stores it in the
 * cookie), so the drive opens in the language the visitor was reading.
 */
export function intoDrive(drivePath: string, pagePath: string): string {
  const locale = localeOfPath(pagePath);
  return locale ? `${drivePath}${drivePath.includes("?") ? "&" : "?"}locale=${locale}` : drivePath;
}
