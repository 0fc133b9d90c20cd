import { LOCALES } from "@nimbus/protocol";
import { localizedPath } from "../i18n/locale-url.js";
import { PUBLIC_PAGES } from "../site/public-pages.js";
import type { Route } from "./+types/sitemap";

/** Every public page in every locale, each with its hreflang alternates. */
export function loader({ request }: Route.LoaderArgs) {
  const origin = new URL(request.url).origin;
  const alternates = (page: string) =>
    LOCALES.map(
      (locale) =>
        `    <xhtml:link rel="alternate" hreflang="${locale}" href="${origin}${localizedPath(locale, page)}"/>`,
    ).join("\n");
  const urls = PUBLIC_PAGES.flatMap((page) =>
    LOCALES.map(
      (locale) =>
        `  <url>\n    <loc>${origin}${localizedPath(locale, page)}</loc>\n${alternates(page)}\n  </url>`,
    ),
  );
  const xml = `<?xml version="1.0" encoding="UTF-8"?>
<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9" xmlns:xhtml="http://www.w3.org/1999/xhtml">
${urls.join("\n")}
</urlset>
`;
  return new Response(xml, {
    headers: { "content-type": "application/xml; charset=utf-8", "cache-control": "public, max-age=3600" },
  });
}
