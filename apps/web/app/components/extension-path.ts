import { redirect } from "react-router";
import { localeOfPath, stripLocale } from "../i18n/locale-url.js";
import { isPhoneUserAgent } from "./device.js";

/** The prefix under which the browser extension opens the site's pages (spec §2). */
export const EXTENSION_PREFIX = "/browser-extension";

/**
 * The page a browser-extension path stands for, without the extension prefix
 * (`/browser-extension/s/abc` → `/s/abc`, `/ja/browser-extension/faq` → `/ja/faq`); undefined for
 * any other path and for the extension's own page. Share and drive paths are never localized,
 * so they lose a locale prefix too. Phones have no extensions: they get the page itself (spec §2).
 */
export function withoutExtensionPrefix(pathname: string): string | undefined {
  const bare = stripLocale(pathname);
  if (!bare.startsWith(`${EXTENSION_PREFIX}/`)) return undefined;
  const rest = bare.slice(EXTENSION_PREFIX.length).replace(/\/+$/, "");
  if (rest === "" || rest.startsWith("//")) return undefined;
  const locale = localeOfPath(pathname);
  if (!locale || /^\/(s|drive)(\/|$)/.test(rest)) return rest;
  return `/${locale}${rest}`;
}

/** In a loader: a phone asking a browser-extension path is sent to the page itself (spec §2). */
export function redirectFromExtensionPath(request: Request): void {
  if (!isPhoneUserAgent(request.headers.get("user-agent"))) return;
  const url = new URL(request.url);
  const page = withoutExtensionPrefix(url.pathname);
  if (page) throw redirect(`${page}${url.search}`);
}
