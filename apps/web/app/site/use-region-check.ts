import { useEffect, useState } from "react";
import { documentCookieJar } from "../lib/cookies.js";
import { whenIdle } from "../lib/idle.js";
import { type AccessFetch, checkRegion, isInsideApp, type RegionVerdict } from "./region-check.js";

/** Candidate API origins for the check: this one (a mirror list would go here). */
const REGION_ORIGINS = [""] as const;

const browserFetch: AccessFetch = (url, init) => globalThis.fetch(url, init);

/** Runs the spec §4 region check in this browser; `ignoreCache` asks again now. */
export function runRegionCheck(ignoreCache = false): Promise<RegionVerdict> {
  return checkRegion({
    origins: REGION_ORIGINS,
    fetch: browserFetch,
    cookies: documentCookieJar(document),
    insideApp: isInsideApp(window),
    ignoreCache,
  });
}

/**
 * The region check once per page load, once the browser is idle. Answers a fresh
 * verdict (`ok` or `blocked`) once the check has one; undefined while it runs, or when
 * the cached verdict the server rendered with still stands.
 */
export function useRegionCheck(): "ok" | "blocked" | undefined {
  const [verdict, setVerdict] = useState<"ok" | "blocked">();
  useEffect(() => {
    let live = true;
    const cancel = whenIdle(() => {
      void runRegionCheck().then((result) => {
        if (live && (result === "ok" || result === "blocked")) setVerdict(result);
      });
    });
    return () => {
      live = false;
      cancel();
    };
  }, []);
  return verdict;
}
