import { type Clock, isRecord, systemClock } from "./platform.js";

/** What `GET /v1/app/build` answers (decision 0045). */
export interface BuildManifest {
  id: string | null;
  rules: { check_paths: string[]; interval_seconds: number };
}

/** The fewest seconds between two checks, whatever a rule says. */
export const MIN_CHECK_INTERVAL_SECONDS = 60;

export function parseBuildManifest(body: unknown): BuildManifest | undefined {
  if (!isRecord(body) || !isRecord(body.rules)) return undefined;
  const { id, rules } = body;
  if (id !== null && typeof id !== "string") return undefined;
  const paths = Array.isArray(rules.check_paths)
    ? rules.check_paths.filter((p) => typeof p === "string")
    : [];
  const interval = typeof rules.interval_seconds === "number" ? rules.interval_seconds : 0;
  return {
    id,
    rules: { check_paths: paths, interval_seconds: Math.max(MIN_CHECK_INTERVAL_SECONDS, interval) },
  };
}

/** Whether the route rules have this page check (`bare`: its path without the locale prefix). */
export function pathChecks(bare: string, checkPaths: readonly string[]): boolean {
  return checkPaths.some((prefix) => bare === prefix.replace(/\/$/, "") || bare.startsWith(prefix));
}

/** A deployed build this page is not running: both known and different. */
export function isNewBuild(running: string | undefined, deployed: string | null | undefined): boolean {
  return Boolean(running && deployed && running !== deployed);
}

export interface BuildWatchOptions {
  /** The build this page runs (`window.__reactRouterManifest.version`). */
  running: string | undefined;
  fetchManifest: () => Promise<BuildManifest | undefined>;
  /** The page's path now, without its locale prefix (it changes as the visitor navigates). */
  pathname: () => string;
  /** Called once, when a newer build is deployed. */
  onNewBuild: (id: string) => void;
  now?: Clock;
}

/**
 * The periodic build-manifest check of spec §7: `check()` asks when the route rules
 * have this page check and the interval since the last answer has passed (the first
 * time always). Returns whether a newer build was found; after that it asks no more.
 */
export function createBuildWatch(options: BuildWatchOptions) {
  const now = options.now ?? systemClock;
  let rules: BuildManifest["rules"] | undefined;
  let lastAsked = Number.NEGATIVE_INFINITY;
  let found = false;
  let asking = false;
  return {
    async check(): Promise<boolean> {
      if (found || asking || !options.running) return found;
      if (rules && !pathChecks(options.pathname(), rules.check_paths)) return false;
      if (rules && now() - lastAsked < rules.interval_seconds * 1000) return false;
      asking = true;
      try {
        const manifest = await options.fetchManifest().catch(() => undefined);
        lastAsked = now();
        if (!manifest) return false;
        rules = manifest.rules;
        if (!pathChecks(options.pathname(), rules.check_paths)) return false;
        if (!isNewBuild(options.running, manifest.id)) return false;
        found = true;
        options.onNewBuild(manifest.id as string);
        return true;
      } finally {
        asking = false;
      }
    },
    /** Milliseconds until the next check is due (the rules' interval once known). */
    intervalMs(): number {
      return (rules?.interval_seconds ?? MIN_CHECK_INTERVAL_SECONDS) * 1000;
    },
  };
}
