/// <reference lib="webworker" />
/**
 * Nimbus's service worker (decision 0059), built by `build-plugins/service-worker.ts` into
 * `build/client/sw.js` with the hashed assets' list in `self.__WB_MANIFEST`.
 *
 * - The hashed scripts and stylesheets are precached; other hashed assets (the catalogues)
 *   are kept once fetched. Pages still render on the server: nothing here renders HTML.
 * - Drive pages, their route data (`*.data`) and the API's GET answers go to the network
 *   first; a 200 is kept with the time it arrived (`x-nimbus-saved-at`). Offline, the kept
 *   copy answers and the page is told when it was saved, so it can say "showing what you
 *   saw at 14:02"; a page never seen offline gets the offline page in the user's language
 *   (put in `OFFLINE_CACHE` by the page while online, `lib/service-worker.ts`).
 * - Signing out empties the kept pages and answers.
 * - The manifest's share target posts files here; they wait in `SHARE_CACHE` until the
 *   drive (`drive/share-target.ts`) uploads them.
 */
import { clientsClaim, type WorkboxPlugin } from "workbox-core";
import { ExpirationPlugin } from "workbox-expiration";
import { cleanupOutdatedCaches, precacheAndRoute } from "workbox-precaching";
import { registerRoute, setCatchHandler } from "workbox-routing";
import { CacheFirst, NetworkFirst, NetworkOnly } from "workbox-strategies";
import {
  isKeptApiRead,
  KEEP_PAGE_MESSAGE,
  OFFLINE_CACHE,
  OFFLINE_PAGE_KEY,
  OFFLINE_SERVED_MESSAGE,
  type OfflineServed,
  SAVED_AT_ATTRIBUTE,
  SAVED_AT_HEADER,
  SHARE_CACHE,
  SHARE_TARGET_PATH,
  SHARED_FILES_PARAM,
} from "../app/lib/offline-protocol.js";

declare const self: ServiceWorkerGlobalScope & {
  __WB_MANIFEST: Array<{ url: string; revision: string | null }>;
};

const PAGES_CACHE = "nimbus-pages";
const DATA_CACHE = "nimbus-data";

self.skipWaiting();
clientsClaim();
cleanupOutdatedCaches();
precacheAndRoute(self.__WB_MANIFEST);

// A new build's worker: the kept pages name the old build's scripts and stylesheets, which its
// precache no longer holds; offline they would show unstyled and dead. They go (the kept route
// data and API answers stay: they name no build).
self.addEventListener("activate", (event) => {
  event.waitUntil(caches.delete(PAGES_CACHE));
});

const sameOrigin = (url: URL) => url.origin === self.location.origin;

/** Drive views whose last copy is worth showing offline (not sign-in, payments or admin). */
const KEPT_PAGE =
  /^\/(?:[a-z]{2}(?:-[A-Z]{2})?\/)?drive(?:\/(?:all|recent|starred|trash|shares|tasks|account))?\/?$/;

/** A 200 as kept: with the time it arrived, without the encoding headers of the decoded body. */
async function stamped(response: Response): Promise<Response | null> {
  if (response.status !== 200) return null;
  const headers = new Headers(response.headers);
  headers.set(SAVED_AT_HEADER, String(Date.now()));
  headers.delete("content-encoding");
  headers.delete("content-length");
  return new Response(await response.blob(), { status: 200, statusText: response.statusText, headers });
}

const stampSavedAt: WorkboxPlugin = { cacheWillUpdate: ({ response }) => stamped(response) };

/** The page's address a kept answer stands for: a route data URL names its page. */
function viewOf(url: URL, clientUrl: string | undefined): string {
  if (url.pathname.endsWith(".data")) {
    const page = new URL(url.href);
    page.pathname = page.pathname === "/_root.data" ? "/" : page.pathname.replace(/\.data$/, "");
    page.searchParams.delete("_routes");
    page.searchParams.delete("index");
    return page.pathname + page.search;
  }
  if (clientUrl) {
    const page = new URL(clientUrl);
    return page.pathname + page.search;
  }
  return url.pathname;
}

/** Tells the page that a kept copy answered offline, and when it was saved. */
const tellOfflineCopy: WorkboxPlugin = {
  async cachedResponseWillBeUsed({ cachedResponse, event, request }) {
    if (!cachedResponse) return cachedResponse;
    const savedAt = Number(cachedResponse.headers.get(SAVED_AT_HEADER)) || 0;
    const fetchEvent = event as FetchEvent | undefined;
    const clientId = fetchEvent?.clientId;
    if (clientId) {
      const client = await self.clients.get(clientId);
      const message: OfflineServed = {
        type: OFFLINE_SERVED_MESSAGE,
        view: viewOf(new URL(request.url), client?.url),
        savedAt,
      };
      client?.postMessage(message);
    }
    return cachedResponse;
  },
};

/** A kept page says when it was saved on its `<html>`: the page has no client to message yet. */
const markKeptPage: WorkboxPlugin = {
  async cachedResponseWillBeUsed({ cachedResponse }) {
    if (!cachedResponse) return cachedResponse;
    const savedAt = cachedResponse.headers.get(SAVED_AT_HEADER) ?? "0";
    const html = await cachedResponse.text();
    return new Response(html.replace("<html", `<html ${SAVED_AT_ATTRIBUTE}="${savedAt}"`), {
      status: 200,
      headers: cachedResponse.headers,
    });
  },
};

const expire = () => new ExpirationPlugin({ maxEntries: 200, maxAgeSeconds: 30 * 24 * 3600 });

// Hashed assets the precache does not hold (the per-locale catalogues): never change.
registerRoute(
  ({ url }) => sameOrigin(url) && url.pathname.startsWith("/assets/"),
  new CacheFirst({ cacheName: "nimbus-assets", plugins: [new ExpirationPlugin({ maxEntries: 40 })] }),
);

// Drive pages: the network first, the last copy offline.
registerRoute(
  ({ request, url }) => request.mode === "navigate" && sameOrigin(url) && KEPT_PAGE.test(url.pathname),
  new NetworkFirst({
    cacheName: PAGES_CACHE,
    matchOptions: { ignoreVary: true },
    plugins: [stampSavedAt, markKeptPage, expire()],
  }),
);

// Every other page: the network only (the catch handler answers the offline page).
registerRoute(({ request, url }) => request.mode === "navigate" && sameOrigin(url), new NetworkOnly());

// Route data of a drive page and the API reads it shows.
registerRoute(
  ({ url, request }) =>
    request.method === "GET" &&
    sameOrigin(url) &&
    ((url.pathname.endsWith(".data") && KEPT_PAGE.test(url.pathname.replace(/\.data$/, ""))) ||
      isKeptApiRead(url.pathname)),
  new NetworkFirst({
    cacheName: DATA_CACHE,
    matchOptions: { ignoreVary: true },
    plugins: [stampSavedAt, tellOfflineCopy, expire()],
  }),
);

// Signing out forgets what was kept of the drive.
registerRoute(
  ({ url }) => sameOrigin(url) && /^\/v1\/auth\/signout\b/.test(url.pathname),
  async ({ request }) => {
    const answer = await fetch(request);
    await Promise.all([caches.delete(PAGES_CACHE), caches.delete(DATA_CACHE)]);
    return answer;
  },
  "POST",
);

// The share target: files shared from another app wait here until the drive uploads them.
registerRoute(
  ({ url }) => sameOrigin(url) && url.pathname === SHARE_TARGET_PATH,
  async ({ request }) => {
    const form = await request.formData();
    const cache = await caches.open(SHARE_CACHE);
    const stamp = Date.now();
    let index = 0;
    for (const value of form.getAll("files")) {
      if (typeof value === "string") continue;
      await cache.put(
        `/shared-files/${stamp}-${index++}`,
        new Response(value, {
          headers: {
            "content-type": value.type || "application/octet-stream",
            "x-file-name": encodeURIComponent(value.name),
            "x-file-modified": String(value.lastModified),
          },
        }),
      );
    }
    return Response.redirect(`/drive/all?${SHARED_FILES_PARAM}=${index}`, 303);
  },
  "POST",
);

// A drive view reached by a client navigation has no page of its own in the cache: the page
// asks for one (KEEP_PAGE_MESSAGE), so loading that address again offline shows it too.
self.addEventListener("message", (event) => {
  const data = event.data as { type?: string; url?: string } | undefined;
  if (data?.type !== KEEP_PAGE_MESSAGE || typeof data.url !== "string") return;
  const url = new URL(data.url, self.location.origin);
  if (!sameOrigin(url) || !KEPT_PAGE.test(url.pathname)) return;
  event.waitUntil(keepPage(url));
});

async function keepPage(url: URL): Promise<void> {
  const cache = await caches.open(PAGES_CACHE);
  const kept = await cache.match(url.href, { ignoreVary: true });
  // A page kept in the last minute (the navigation itself) is fresh enough.
  if (kept && Date.now() - Number(kept.headers.get(SAVED_AT_HEADER)) < 60_000) return;
  const answer = await fetch(url.href, { credentials: "same-origin", headers: { accept: "text/html" } });
  // A session that ended answers with the sign-in page: that is no copy of this view.
  if (answer.redirected || !answer.headers.get("content-type")?.startsWith("text/html")) return;
  const copy = await stamped(answer);
  if (copy) await cache.put(url.href, copy);
}

// Offline and nothing kept: a page gets the offline page, anything else fails as it would.
setCatchHandler(async ({ request }) => {
  if (request.mode === "navigate") {
    const page = await caches.match(OFFLINE_PAGE_KEY, { cacheName: OFFLINE_CACHE });
    if (page) return page;
    return new Response(FALLBACK_PAGE, { headers: { "content-type": "text/html; charset=utf-8" } });
  }
  return Response.error();
});

/** Before the page could keep its offline page (first visit): language-neutral. */
const FALLBACK_PAGE =
  '<!doctype html><meta charset="utf-8"><meta name="viewport" content="width=device-width">' +
  '<title>Nimbus</title><body style="font:16px system-ui;text-align:center;padding:20vh 1em">' +
  '<p style="font-size:48px;margin:0">⟳</p><p><a href="">Nimbus ↻</a></p>';
