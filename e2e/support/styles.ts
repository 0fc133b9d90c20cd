import type { Page } from "@playwright/test";

/** How many `<link rel="stylesheet">` of the page load a path matching `path` (fragment and origin aside). */
export function linkedTimes(page: Page, path: RegExp): Promise<number> {
  return page.evaluate(
    (source) =>
      [...document.querySelectorAll<HTMLLinkElement>('link[rel="stylesheet"]')].filter((link) =>
        new RegExp(source).test(new URL(link.href).pathname),
      ).length,
    path.source,
  );
}
