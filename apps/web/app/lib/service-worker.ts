import { Workbox } from "workbox-window";
import { OFFLINE_CACHE, OFFLINE_PAGE_KEY } from "./offline-protocol.js";

/**
 * Registers the service worker (decision 0059) once the page has loaded, so it never competes
 * with the first paint, and keeps the offline page in the page's language. Loaded on demand by
 * `entry.client.tsx`; production builds only (the development server has no `sw.js`).
 */
export async function registerServiceWorker(locale: string): Promise<void> {
  if (!("serviceWorker" in navigator) || !window.isSecureContext) return;
  await new Workbox("/sw.js", { scope: "/" }).register();
  await keepOfflinePage(locale);
}

/** Puts `/offline.html` in the page's language in the cache, when it is not there in that language. */
async function keepOfflinePage(locale: string): Promise<void> {
  if (!navigator.onLine || !("caches" in window)) return;
  const cache = await caches.open(OFFLINE_CACHE);
  const kept = await cache.match(OFFLINE_PAGE_KEY);
  if (kept?.headers.get("content-language") === locale) return;
  const answer = await fetch(`${OFFLINE_PAGE_KEY}?lang=${encodeURIComponent(locale)}`, {
    credentials: "omit",
  });
  if (!answer.ok) return;
  const headers = new Headers(answer.headers);
  headers.set("content-language", locale);
  headers.delete("content-encoding");
  headers.delete("content-length");
  await cache.put(OFFLINE_PAGE_KEY, new Response(await answer.blob(), { status: 200, headers }));
}
