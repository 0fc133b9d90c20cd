import { stripLocale } from "../i18n/locale-url.js";
import { PUBLIC_PAGES } from "./public-pages.js";

const PUBLIC = new Set(PUBLIC_PAGES);

/**
 * The `Cache-Control` of a rendered page. The public site's pages show nothing of the
 * visitor's account (the header only picks "Sign in" or "Open my drive"), so the browser
 * may keep them for Back and Forward; `no-cache` still asks the server again on any other
 * visit. Every other page (the drive, shares, account and admin pages, one-time links) is
 * `no-store`, as the server sets it before rendering: nothing of them outlives the tab.
 */
export function pageCacheControl(pathname: string, status: number): string {
  return status === 200 && PUBLIC.has(stripLocale(pathname)) ? "private, no-cache" : "no-store";
}
