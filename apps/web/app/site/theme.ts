import { readCookie } from "../i18n/locale-url.js";

export type Theme = "light" | "dark" | "system";
export const THEME_COOKIE = "pp_theme";

/** The saved colour scheme (a cookie, so the server renders it on first paint). */
export function readTheme(cookieHeader: string | null): Theme {
  const value = readCookie(cookieHeader, THEME_COOKIE);
  return value === "light" || value === "dark" ? value : "system";
}
