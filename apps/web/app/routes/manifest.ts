import { DEFAULT_LOCALE, isLocale } from "@nimbus/protocol";
import { loadPageCatalogue } from "../i18n/catalogue.js";
import { translate } from "../i18n/i18n.js";
import { SHARE_TARGET_PATH } from "../lib/offline-protocol.js";
import { THEME_COLORS } from "../site/theme-colors.js";
import type { Route } from "./+types/manifest";

/**
 * `/manifest.webmanifest?lang=ja`: the web app manifest in the page's language (decision
 * 0059): installable (icons, `display: standalone`, a start URL in scope) and a share
 * target that sends files from another app's share sheet into an upload.
 */
export async function loader({ request }: Route.LoaderArgs) {
  const lang = new URL(request.url).searchParams.get("lang");
  const locale = isLocale(lang) ? lang : DEFAULT_LOCALE;
  const messages = await loadPageCatalogue(locale);
  const t = (key: string) => translate(messages, key, undefined, locale);
  const manifest = {
    id: "/drive/all",
    name: t("brand.name"),
    short_name: t("brand.name"),
    description: t("brand.tagline"),
    lang: locale,
    dir: "ltr",
    start_url: "/drive/all",
    scope: "/",
    display: "standalone",
    orientation: "any",
    background_color: THEME_COLORS.light,
    // One colour here; root.tsx gives the browser bar the dark theme's with a media query.
    theme_color: THEME_COLORS.light,
    categories: ["productivity", "utilities"],
    icons: [
      { src: "/icon-192.png", sizes: "192x192", type: "image/png", purpose: "any" },
      { src: "/icon-512.png", sizes: "512x512", type: "image/png", purpose: "any" },
      { src: "/icon-maskable-512.png", sizes: "512x512", type: "image/png", purpose: "maskable" },
      { src: "/favicon.svg", sizes: "any", type: "image/svg+xml", purpose: "any" },
    ],
    share_target: {
      action: SHARE_TARGET_PATH,
      method: "POST",
      enctype: "multipart/form-data",
      params: { title: "title", text: "text", files: [{ name: "files", accept: ["*/*"] }] },
    },
  };
  return new Response(JSON.stringify(manifest), {
    headers: {
      "content-type": "application/manifest+json; charset=utf-8",
      "cache-control": "public, max-age=3600",
    },
  });
}
