import { DEFAULT_LOCALE, isLocale } from "@nimbus/protocol";
import { loadPageCatalogue } from "../i18n/catalogue.js";
import { translate } from "../i18n/i18n.js";
import type { Route } from "./+types/offline-page";

const escapeHtml = (text: string) =>
  text.replace(/[&<>"]/g, (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;" })[c] ?? c);

/**
 * `/offline.html?lang=ja`: what the service worker shows for a page never opened on this
 * device while the network is gone (decision 0059). The page keeps it in the cache
 * while online (`lib/service-worker.ts`). Plain HTML, no script: it is served for any
 * address, where the app's routes would not match it; "Try again" reloads the address.
 */
export async function loader({ request }: Route.LoaderArgs) {
  const lang = new URL(request.url).searchParams.get("lang");
  const locale = isLocale(lang) ? lang : DEFAULT_LOCALE;
  const messages = await loadPageCatalogue(locale);
  const t = (key: string) => escapeHtml(translate(messages, key, undefined, locale));
  const html = `<!doctype html>
<html lang="${locale}" data-offline-page="">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="color-scheme" content="light dark">
<title>${t("offline.page.title")} · ${t("brand.name")}</title>
<link rel="icon" href="/favicon.svg" type="image/svg+xml">
<style>
:root{color-scheme:light dark;--bg:#fff;--fg:#1b1f2a;--muted:#5b6475;--accent:#2f5bea;--accent-fg:#fff}
@media (prefers-color-scheme:dark){:root{--bg:#10131a;--fg:#e8ebf2;--muted:#9aa3b5;--accent:#7ea3ff;--accent-fg:#0b1020}}
body{margin:0;min-height:100vh;display:grid;place-items:center;background:var(--bg);color:var(--fg);font:16px/1.5 system-ui,-apple-system,"Segoe UI",Roboto,"Noto Sans",sans-serif}
main{max-width:28rem;padding:2rem 1.5rem;text-align:center}
h1{font-size:1.5rem;margin:1rem 0 .5rem}
p{color:var(--muted);margin:0 0 1.5rem}
a.button{display:inline-block;padding:.6rem 1.2rem;border-radius:8px;background:var(--accent);color:var(--accent-fg);text-decoration:none;font-weight:600}
</style>
</head>
<body>
<main id="main">
<svg width="56" height="56" viewBox="0 0 48 48" aria-hidden="true"><rect width="48" height="48" rx="12" fill="#2f5bea"/><path d="M16 33h17a7 7 0 0 0 .9-13.94A10 10 0 0 0 14.6 21.4 6 6 0 0 0 16 33z" fill="#fff"/><path d="M10 10 38 38" stroke="#fff" stroke-width="3" stroke-linecap="round"/></svg>
<h1>${t("offline.page.title")}</h1>
<p>${t("offline.page.tip")}</p>
<a class="button" href="">${t("offline.page.retry")}</a>
</main>
</body>
</html>
`;
  return new Response(html, {
    headers: { "content-type": "text/html; charset=utf-8", "cache-control": "no-cache" },
  });
}
