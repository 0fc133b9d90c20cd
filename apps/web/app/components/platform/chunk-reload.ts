import { useEffect } from "react";
import { handleChunkLoadError } from "../../lib/chunk-reload.js";
import { memoryStorage } from "../../lib/platform.js";

function sessionStore() {
  try {
    return window.sessionStorage;
  } catch {
    return memoryStorage();
  }
}

/**
 * Reloads the page for a chunk load error, at most once per path within 10 s
 * (spec §4). Returns whether it reloads; call it from a catch of a dynamic import.
 */
export function reloadForChunkError(error: unknown): boolean {
  return handleChunkLoadError(error, {
    storage: sessionStore(),
    path: location.pathname,
    reload: () => location.reload(),
  });
}

/**
 * Catches chunk load errors nobody handled: Vite's `vite:preloadError` (a
 * preloaded dependency of a lazy chunk failed) and unhandled rejections of
 * dynamic imports. React Router reloads by itself when a route module fails.
 */
export function useChunkReload(): void {
  useEffect(() => {
    const onPreloadError = (event: Event) => {
      if (reloadForChunkError((event as Event & { payload?: unknown }).payload)) event.preventDefault();
    };
    const onRejection = (event: PromiseRejectionEvent) => {
      if (reloadForChunkError(event.reason)) event.preventDefault();
    };
    window.addEventListener("vite:preloadError", onPreloadError);
    window.addEventListener("unhandledrejection", onRejection);
    return () => {
      window.removeEventListener("vite:preloadError", onPreloadError);
      window.removeEventListener("unhandledrejection", onRejection);
    };
  }, []);
}
