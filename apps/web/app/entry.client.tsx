import { StrictMode, startTransition } from "react";
import { hydrateRoot } from "react-dom/client";
import { HydratedRouter } from "react-router/dom";
import { fetchCatalogue } from "./i18n/catalogue.js";
import { warmIntl } from "./lib/intl-warmup.js";

/**
 * Hydration waits for the page's catalogue (a hashed asset the page preloads, decision
 * 0034), so the first client render shows the same texts as the server's and never a
 * key. Without it the page stays as the server rendered it, like with scripts off.
 */
const locale = document.documentElement.lang;
warmIntl(locale);
fetchCatalogue(locale)
  .catch(() => fetchCatalogue(locale))
  .then(
    () =>
      startTransition(() => {
        hydrateRoot(
          document,
          <StrictMode>
            <HydratedRouter />
          </StrictMode>,
        );
      }),
    (error: unknown) => console.error("Nimbus: the page's texts did not load; the page stays static.", error),
  );

// The service worker (decision 0059) after the page has loaded: offline copies, installability.
if (import.meta.env.PROD) {
  const register = () =>
    void import("./lib/service-worker.js")
      .then((module) => module.registerServiceWorker(locale))
      .catch((error: unknown) => console.warn("Nimbus: no service worker.", error));
  if (document.readyState === "complete") register();
  else window.addEventListener("load", register, { once: true });
}
