import type { Browser, BrowserContext, BrowserContextOptions, Cookie, Page } from "@playwright/test";
import { PERSON_USER_AGENT } from "./chromium.js";

export const SCREEN_SIZES = [
  { width: 1440, height: 900 },
  { width: 390, height: 844 },
] as const;
export const THEMES = ["light", "dark"] as const;
export type Theme = (typeof THEMES)[number];

export interface ThemedContextOptions {
  /** Cookies to carry over, e.g. a signed-in session from a seeding context. */
  cookies?: Cookie[];
  /** A saved storage state (cookies and local storage) to start from. */
  storageState?: BrowserContextOptions["storageState"];
}

/**
 * A context as a person on that screen would have it for screenshots: the person
 * user agent, phone emulation under 768 px, the theme both as the colour scheme and
 * the saved `pp_theme` choice, and the first-visit guide already seen.
 */
export async function themedContext(
  browser: Browser,
  baseURL: string,
  viewport: { width: number; height: number },
  theme: Theme,
  options: ThemedContextOptions = {},
): Promise<BrowserContext> {
  const context = await browser.newContext({
    baseURL,
    userAgent: PERSON_USER_AGENT,
    viewport,
    colorScheme: theme,
    isMobile: viewport.width < 768,
    hasTouch: viewport.width < 768,
    ...(options.storageState ? { storageState: options.storageState } : {}),
  });
  await context.addCookies([...(options.cookies ?? []), { name: "pp_theme", value: theme, url: baseURL }]);
  await context.addInitScript(() => localStorage.setItem("pp_new_user", "init"));
  return context;
}

/**
 * Collects the page's uncaught errors and, with `console`, its console errors too
 * (hydration mismatches surface there), leaving out failed resource loads.
 */
export function pageErrors(page: Page, { console = false } = {}): string[] {
  const errors: string[] = [];
  page.on("pageerror", (error) => errors.push(error.message));
  if (console)
    page.on("console", (message) => {
      if (message.type() === "error" && !message.text().startsWith("Failed to load resource"))
        errors.push(message.text());
    });
  return errors;
}
