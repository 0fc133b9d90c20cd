import { AREA_ACCESSIBLE_PATH } from "@nimbus/protocol";
import { ACCESS_OK_COOKIE, ACCESS_OK_COOKIE_OPTIONS, type CookieJar } from "../lib/cookies.js";
import { isRecord } from "../lib/platform.js";
import { ACCESS_BLOCKED_COOKIE } from "./access.js";

/** Spec §4: the check is abandoned after 5 s, or 10 s when the cached verdict is ignored. */
export const REGION_CHECK_TIMEOUT_MS = 5_000;
export const REGION_CHECK_FRESH_TIMEOUT_MS = 10_000;
/** The window property an app webview injects its bridge as (see accounts/handoff/app-bridge.ts). */
const APP_BRIDGE_GLOBAL = "NimbusAppBridge";

/**
 * `ok`: access granted (or every check failed, which grants it too); `blocked`: the
 * checks that answered all said no; `cached`: a verdict from the last 10 minutes
 * stands; `skipped`: inside the app; `abandoned`: no answer in time, nothing stored.
 */
export type RegionVerdict = "ok" | "blocked" | "cached" | "skipped" | "abandoned";

export type AccessFetch = (
  url: string,
  init: { credentials: "omit"; signal: AbortSignal; headers: Record<string, string> },
) => Promise<{ ok: boolean; json(): Promise<unknown> }>;

export interface RegionCheckOptions {
  /** Candidate API origins ("" is this one); each is asked. */
  origins: readonly string[];
  fetch: AccessFetch;
  cookies: CookieJar;
  insideApp: boolean;
  /** Ask again even when a verdict is cached (and wait up to 10 s). */
  ignoreCache?: boolean;
  /** Test seam for the abandon timer. */
  setTimer?: (run: () => void, ms: number) => unknown;
}

/** Inside the app's webview (its bridge is there, or an in-app page) the app decides access itself. */
export function isInsideApp(win: { location: { pathname: string } } & object): boolean {
  return APP_BRIDGE_GLOBAL in win || /^\/(?:[a-z]{2}(?:-[A-Z]{2})?\/)?inapp\//.test(win.location.pathname);
}

/** A verdict stored within the last 10 minutes: the access-ok cookie or the block cookie. */
export function cachedVerdict(cookies: CookieJar): "ok" | "blocked" | undefined {
  if (cookies.get(ACCESS_OK_COOKIE)) return "ok";
  if (cookies.get(ACCESS_BLOCKED_COOKIE) === "blocked") return "blocked";
  return undefined;
}

/** One origin's answer: true/false, or undefined when the check failed. */
async function askOrigin(origin: string, options: RegionCheckOptions, signal: AbortSignal) {
  try {
    const response = await options.fetch(`${origin.replace(/\/+$/, "")}${AREA_ACCESSIBLE_PATH}`, {
      credentials: "omit",
      signal,
      headers: { accept: "application/json" },
    });
    if (!response.ok) return undefined;
    const body = await response.json();
    return isRecord(body) && typeof body.accessible === "boolean" ? body.accessible : undefined;
  } catch {
    return undefined;
  }
}

/**
 * The region access check of spec §4. Every candidate origin is asked without
 * credentials; if any says accessible, or all checks fail, the access-ok cookie is
 * set for 10 minutes; otherwise the block verdict (`pp_ip_block=blocked`, which the
 * server reads to render the block page) is stored for as long. Skipped in the app.
 */
export async function checkRegion(options: RegionCheckOptions): Promise<RegionVerdict> {
  if (options.insideApp) return "skipped";
  if (!options.ignoreCache && cachedVerdict(options.cookies)) return "cached";
  const controller = new AbortController();
  const setTimer = options.setTimer ?? ((run, ms) => setTimeout(run, ms));
  const timeoutMs = options.ignoreCache ? REGION_CHECK_FRESH_TIMEOUT_MS : REGION_CHECK_TIMEOUT_MS;
  const abandoned = new Promise<"abandoned">((resolve) =>
    setTimer(() => {
      controller.abort();
      resolve("abandoned");
    }, timeoutMs),
  );
  const asked = (async () => {
    const answers = options.origins.map((origin) => askOrigin(origin, options, controller.signal));
    // The first origin that grants access settles it; otherwise wait for all.
    const granted = await new Promise<boolean>((resolve) => {
      let pending = answers.length;
      if (pending === 0) resolve(false);
      for (const answer of answers) {
        void answer.then((value) => {
          if (value === true) resolve(true);
          pending -= 1;
          if (pending === 0) resolve(false);
        });
      }
    });
    if (granted) return "ok" as const;
    const results = await Promise.all(answers);
    return results.every((value) => value === undefined) ? ("ok" as const) : ("blocked" as const);
  })();
  const verdict = await Promise.race([asked, abandoned]);
  if (verdict === "abandoned") return verdict;
  controller.abort();
  storeVerdict(options.cookies, verdict);
  return verdict;
}

function storeVerdict(cookies: CookieJar, verdict: "ok" | "blocked"): void {
  if (verdict === "ok") {
    cookies.set(ACCESS_OK_COOKIE, "1", ACCESS_OK_COOKIE_OPTIONS);
    cookies.remove(ACCESS_BLOCKED_COOKIE, { path: "/" });
  } else {
    // Lax, so the server still reads it when a page is opened from another site.
    cookies.set(ACCESS_BLOCKED_COOKIE, "blocked", { ...ACCESS_OK_COOKIE_OPTIONS, sameSite: "lax" });
    cookies.remove(ACCESS_OK_COOKIE, { path: "/" });
  }
}
