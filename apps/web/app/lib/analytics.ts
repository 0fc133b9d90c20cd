import type { KeyValueStorage } from "./platform.js";

/** Spec §3's `allow_analysis` (no `pp_` prefix): "0" when this browser said no to analytics. */
export const ALLOW_ANALYSIS_KEY = "allow_analysis";
export const ANALYTICS_EVENT = "nimbus:analytics";

function pageStorage(): KeyValueStorage | undefined {
  try {
    return typeof localStorage === "undefined" ? undefined : localStorage;
  } catch {
    return undefined;
  }
}

/**
 * Whether analytics may be sent from this browser. On unless the visitor turned it off
 * (decision 0045): the events only reach an integration the operator installs.
 */
export function analysisAllowed(storage: KeyValueStorage | undefined = pageStorage()): boolean {
  return storage?.getItem(ALLOW_ANALYSIS_KEY) !== "0";
}

export function setAnalysisAllowed(
  allowed: boolean,
  storage: KeyValueStorage | undefined = pageStorage(),
): void {
  try {
    storage?.setItem(ALLOW_ANALYSIS_KEY, allowed ? "1" : "0");
  } catch {
    // Storage blocked: the choice holds for this page only.
  }
}

/**
 * The one way analytics leave a page: a `nimbus:analytics` event on `target` (the
 * window), where an operator's integration listens; nothing when `allow_analysis` is off.
 */
export function dispatchAnalytics(
  detail: unknown,
  target: { dispatchEvent(event: Event): boolean } | undefined = typeof window === "undefined"
    ? undefined
    : window,
  storage: KeyValueStorage | undefined = pageStorage(),
): boolean {
  if (!target || !analysisAllowed(storage)) return false;
  target.dispatchEvent(new CustomEvent(ANALYTICS_EVENT, { detail }));
  return true;
}
