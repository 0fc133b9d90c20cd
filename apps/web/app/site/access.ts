import { readCookie, stripLocale } from "../i18n/locale-url.js";

/**
 * Visit access (spec §2, §4). The region check (`region-check.ts`) stores its
 * verdict in this cookie: `blocked` when no checked domain granted access. A
 * blocked visitor sees the block page instead of gated pages; policies, help
 * and contact stay readable so people can learn why and reach us.
 */
export const ACCESS_BLOCKED_COOKIE = "pp_ip_block";

const ALWAYS_OPEN = ["/policy", "/help", "/help-center", "/contact-us", "/faq", "/transparency-report"];

export function isAccessBlocked(cookieHeader: string | null): boolean {
  return readCookie(cookieHeader, ACCESS_BLOCKED_COOKIE) === "blocked";
}

export function isGatedPath(pathname: string): boolean {
  const bare = stripLocale(pathname);
  return !ALWAYS_OPEN.some((open) => bare === open || bare.startsWith(`${open}/`));
}

/** What a block-page view is tracked with: the address, the path without its locale, and the share id. */
export function blockPageView(url: URL): { address: string; path: string; share_id: string } {
  const path = stripLocale(url.pathname);
  const share = /^\/s\/([^/]+)/.exec(path)?.[1] ?? "";
  return { address: url.href, path, share_id: share };
}
