import { readCookie } from "../i18n/locale-url.js";
import { documentCookieJar } from "../lib/cookies.js";

export type Theme = "light" | "dark" | "system";
export const THEME_COOKIE = "pp_theme";
const THEME_COOKIE_MAX_AGE_S = 365 * 24 * 60 * 60;

/** The saved colour scheme (a cookie, so the server renders it on first paint). */
export function readTheme(cookieHeader: string | null): Theme {
  const value = readCookie(cookieHeader, THEME_COOKIE);
  return value === "light" || value === "dark" ? value : "system";
}

/** Saves a choice and applies it at once, without a reload. */
export function applyTheme(theme: "light" | "dark"): void {
  document.documentElement.dataset.theme = theme;
  documentCookieJar(document).set(THEME_COOKIE, theme, {
    path: "/",
    maxAge: THEME_COOKIE_MAX_AGE_S,
    sameSite: "lax",
    secure: location.protocol === "https:",
  });
}
