import { PUBLIC_PAGES } from "../apps/web/app/site/public-pages.js";
import { expect, test } from "./support/fixtures.js";

// With no installer configured (the e2e server's remote config is the defaults), no
// public page links to a 404: every same-origin href of every public page, in three
// locales, is followed and must answer something other than 404.
const LOCALES = ["en-US", "zh-CN", "ja"] as const;
const HREF = /\shref="([^"]*)"/g;

function sameOriginLinks(html: string, base: string): string[] {
  const links = new Set<string>();
  for (const match of html.matchAll(HREF)) {
    const raw = (match[1] ?? "").replaceAll("&amp;", "&");
    if (raw === "" || raw.startsWith("#") || /^(mailto|tel|javascript|data):/i.test(raw)) continue;
    const url = new URL(raw, base);
    if (url.origin !== new URL(base).origin) continue;
    url.hash = "";
    links.add(url.pathname + url.search);
  }
  return [...links];
}

test("no link of a public page leads to a 404, in en-US, zh-CN and ja", async ({ request, baseURL }) => {
  test.setTimeout(600_000);
  const checked = new Map<string, number>();
  const broken: string[] = [];
  for (const locale of LOCALES) {
    for (const path of PUBLIC_PAGES) {
      const pageUrl = path === "/" ? `/${locale}` : `/${locale}${path}`;
      const page = await request.get(pageUrl);
      expect(page.status(), pageUrl).toBe(200);
      for (const link of sameOriginLinks(await page.text(), `${baseURL}${pageUrl}`)) {
        let status = checked.get(link);
        if (status === undefined) {
          // Only the status matters; HEAD is not enough (some routes answer GET only).
          status = (await request.get(link, { maxRedirects: 5 })).status();
          checked.set(link, status);
        }
        if (status === 404) broken.push(`${pageUrl} → ${link}`);
      }
    }
  }
  expect(checked.size).toBeGreaterThan(20);
  expect(broken).toEqual([]);
});
