import { allPolicyPaths } from "./policies.js";

/**
 * Every public localized page (spec §2), as its locale-less path. They exist at
 * /{locale}{path} in all 11 locales; the sitemap and hreflang alternates come from here.
 */
export const PUBLIC_PAGES: readonly string[] = [
  "/",
  "/tv",
  "/tv-help",
  "/faq",
  "/help",
  "/help-center",
  "/contact-us",
  "/check-in",
  "/check-in-guide",
  "/mobile-app",
  "/desktop-app",
  "/browser-extension",
  "/url-checker",
  "/favorite-links-hub",
  "/transparency-report",
  "/install-apk-troubleshooting",
  "/activity/christmas",
  "/activity/compensation",
  "/activity/black-friday",
  ...allPolicyPaths(),
];
