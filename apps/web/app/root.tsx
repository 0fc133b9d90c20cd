import { LOCALES } from "@nimbus/protocol";
import { lazy, type ReactNode, Suspense, useContext, useEffect } from "react";
import {
  data,
  isRouteErrorResponse,
  Links,
  Meta,
  Outlet,
  redirect,
  Scripts,
  ScrollRestoration,
  type ShouldRevalidateFunctionArgs,
  UNSAFE_FrameworkContext,
  useLocation,
  useMatches,
  useRouteError,
  useRouteLoaderData,
} from "react-router";
import type { Route } from "./+types/root";
import { AnnouncementBar } from "./components/announcement-bar.js";
import { ErrorPage } from "./components/error-page.js";
import { reloadForChunkError } from "./components/platform/chunk-reload.js";
import { PlatformRoot } from "./components/platform/platform-root.js";
import { catalogueUrl, fetchCatalogue, loadPageCatalogue, pageCatalogue } from "./i18n/catalogue.js";
import { I18nContext, translate } from "./i18n/i18n.js";
import { decideLocale, localeCookie, localizedPath, stripLocale } from "./i18n/locale-url.js";
import { mayBeSignedIn } from "./lib/cookies.js";
import { viewTypeFromCookieHeader } from "./lib/display-mode.js";
import { isAccessBlocked, isGatedPath } from "./site/access.js";
import { PUBLIC_PAGES } from "./site/public-pages.js";
import { loadRemoteView } from "./site/remote-config.js";
import { readTheme, type Theme } from "./site/theme.js";
import { THEME_COLORS } from "./site/theme-colors.js";
import { useRegionCheck } from "./site/use-region-check.js";
import "./styles/global.css";

export async function loader({ request, context }: Route.LoaderArgs) {
  const url = new URL(request.url);
  const cookies = request.headers.get("cookie");
  const decision = decideLocale(url, cookies);
  if (decision.kind === "redirect") {
    throw redirect(decision.location, {
      headers: { "set-cookie": localeCookie(decision.setCookie, url.protocol === "https:") },
    });
  }
  const { locale } = decision;
  // The page renders with its catalogue; the browser fetches the same texts as an asset.
  await loadPageCatalogue(locale);
  return data({
    locale,
    theme: readTheme(cookies),
    origin: url.origin,
    // The saved view type (mirrored by the client into pp_ssr_view_type), so the
    // server renders file lists the way they were left; see useSavedViewType().
    viewType: viewTypeFromCookieHeader(cookies),
    // The layout state's serverTime (spec §3).
    serverTime: Date.now(),
    // Whether a session cookie came along: public headers offer "Sign in" or "Open my drive".
    maybeSignedIn: mayBeSignedIn(cookies),
    // The region check's verdict: gated pages show the block page (spec §2).
    accessBlocked: isAccessBlocked(cookies),
    // Feature switches, announcements, banners and installers (spec §7 remote config).
    remote: await loadRemoteView(context.apiFetch, locale),
  });
}

/** A move to another locale loads that locale's catalogue before the page renders in it. */
export async function clientLoader({ serverLoader }: Route.ClientLoaderArgs) {
  const root = await serverLoader();
  await fetchCatalogue(root.locale);
  return root;
}

export function shouldRevalidate({
  currentUrl,
  nextUrl,
  defaultShouldRevalidate,
}: ShouldRevalidateFunctionArgs) {
  // The root only depends on the locale prefix and the locale query/cookie.
  return (
    defaultShouldRevalidate &&
    (currentUrl.pathname.split("/")[1] !== nextUrl.pathname.split("/")[1] ||
      nextUrl.searchParams.has("locale"))
  );
}

export function Layout({ children }: { children: ReactNode }) {
  const root = useRouteLoaderData<typeof loader>("root");
  const locale = root?.locale ?? "en-US";
  const theme: Theme = root?.theme ?? "system";
  const messages = pageCatalogue(locale);
  // Once the page runs (hydration committed): `html[data-hydrated]`, what journeys wait for
  // before they click a server-rendered control.
  useEffect(() => {
    document.documentElement.dataset.hydrated = "";
  }, []);
  return (
    <html lang={locale} data-theme={theme}>
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1, viewport-fit=cut" />
        <meta name="color-scheme" content="light dark" />
        <link rel="icon" href="/favicon.svg" type="image/svg+xml" />
        {/* Installable (decision 0059): the manifest in the page's language, the bar's colour per theme. */}
        <link rel="manifest" href={`/manifest.webmanifest?lang=${locale}`} />
        <link rel="apple-touch-icon" href="/icon-192.png" />
        <meta name="theme-color" content={THEME_COLORS.light} media="(prefers-color-scheme: light)" />
        <meta name="theme-color" content={THEME_COLORS.dark} media="(prefers-color-scheme: dark)" />
        {import.meta.env.SSR && <StylesheetPreloads />}
        {/* The texts are needed to hydrate, not to paint: after the stylesheets. */}
        <link rel="preload" as="fetch" href={catalogueUrl(locale)} crossOrigin="anonymous" />
        <Alternates origin={root?.origin} />
        <Meta />
        <Links />
      </head>
      <body>
        <a className="skip-link" href="#main">
          {translate(messages, "a11y.skipToContent")}
        </a>
        <I18nContext.Provider value={{ locale, messages }}>
          <PlatformRoot serverTime={root?.serverTime ?? 0}>{children}</PlatformRoot>
        </I18nContext.Provider>
        <ScrollRestoration />
        <Scripts />
      </body>
    </html>
  );
}

/**
 * The page's stylesheets, asked for ahead of its scripts. React hoists the `modulepreload`
 * links of `<Scripts />` above the stylesheets `<Links />` renders, so on HTTP/1.1 (six
 * connections) the stylesheets, which hold the first paint, waited behind a dozen scripts,
 * the ~90 KB framework chunk among them, which the server-rendered page does not need to
 * paint. A preload is hoisted in render order, before those. The same URLs as `<Links />`
 * (React Router's manifest), so each stylesheet is fetched once. Server-rendered only: it
 * orders the first response, and later navigations load their CSS before they render; the
 * client build leaves it out (React 19 hydration keeps head elements it did not render).
 */
function StylesheetPreloads() {
  const manifest = useContext(UNSAFE_FrameworkContext)?.manifest;
  const matches = useMatches();
  if (!manifest) return null;
  const hrefs = new Set(matches.flatMap((match) => manifest.routes[match.id]?.css ?? []));
  return (
    <>
      {[...hrefs].map((href) => (
        <link key={href} rel="preload" as="style" href={href} />
      ))}
    </>
  );
}

/** hreflang alternates on public pages: every locale plus x-default. */
function Alternates({ origin }: { origin: string | undefined }) {
  const { pathname } = useLocation();
  const bare = stripLocale(pathname);
  if (!origin || !PUBLIC_PAGES.includes(bare)) return null;
  return (
    <>
      {LOCALES.map((locale) => (
        <link
          key={locale}
          rel="alternate"
          hrefLang={locale}
          href={`${origin}${localizedPath(locale, bare)}`}
        />
      ))}
      <link rel="alternate" hrefLang="x-default" href={`${origin}${bare}`} />
    </>
  );
}

// Few visitors ever see the block page: it loads with its own chunk instead of on every page.
const BlockPage = lazy(() =>
  import("./components/block-page.js").then((module) => ({ default: module.BlockPage })),
);

export default function App() {
  const root = useRouteLoaderData<typeof loader>("root");
  const { pathname } = useLocation();
  // The server rendered with the stored verdict; a fresh check in this browser overrides it.
  const region = useRegionCheck();
  const blocked = region === "blocked" || (region === undefined && root?.accessBlocked);
  if (blocked && isGatedPath(pathname)) {
    return (
      <Suspense fallback={null}>
        <BlockPage />
      </Suspense>
    );
  }
  return (
    <>
      <AnnouncementBar />
      <Outlet />
    </>
  );
}

export function ErrorBoundary() {
  const error = useRouteError();
  const { pathname } = useLocation();
  // A lazy chunk that failed to load: one reload per path within 10 s (spec §4).
  useEffect(() => {
    reloadForChunkError(error);
  }, [error]);
  if (isRouteErrorResponse(error) && error.status === 404)
    return <ErrorPage kind="not-found" path={pathname} />;
  // A page whose data could not come for want of a network (decision 0059): say so, not "error 500".
  if (typeof navigator !== "undefined" && !navigator.onLine) return <ErrorPage kind="offline" />;
  return <ErrorPage kind="error" status={isRouteErrorResponse(error) ? error.status : 500} />;
}
