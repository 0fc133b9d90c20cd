import { existsSync } from "node:fs";

/** The full browser a person runs (Debian's `chromium`); `CHROMIUM_PATH` names another. */
export const FULL_CHROMIUM = process.env.CHROMIUM_PATH ?? "/usr/bin/chromium";

/**
 * What the journeys drive: Debian's `chromium-headless-shell` when it is installed, else the
 * full browser (decision 0085). The shell is the same Blink, V8 and network stack without the
 * browser's user interface, the build Playwright itself runs headless by default; it took the
 * journeys from about 20 to about 10 minutes on CI's two cores, where Chromium's processes were
 * 75 % of the CPU. A journey that needs the full browser (the back/forward cache, which the
 * shell has not) launches `FULL_CHROMIUM`. A set `CHROMIUM_PATH` is used for every journey.
 */
const HEADLESS_SHELL = "/usr/bin/chromium-headless-shell";
export const JOURNEY_CHROMIUM =
  process.env.CHROMIUM_PATH ?? (existsSync(HEADLESS_SHELL) ? HEADLESS_SHELL : FULL_CHROMIUM);

/**
 * The machine's Chromium (installed by .ci/run from Debian), never a downloaded
 * browser build; bench/web.mjs launches the full browser with the same flags.
 */
export const CHROMIUM_LAUNCH = {
  executablePath: JOURNEY_CHROMIUM,
  // Under faketime (CONTRIBUTING.md) only the server's and the runner's clocks move: the
  // browser keeps the real one, as a visitor's would (libfaketime also makes Chromium take
  // some 40 s to start).
  env: withoutFakeTime(process.env),
  args: [
    "--no-sandbox",
    "--disable-gpu",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--no-first-run",
    "--disable-quic",
  ],
};

/**
 * Journeys act as a person: headless Chromium's own user agent says
 * "HeadlessChrome", which bot detection (rightly) treats as a crawler.
 */
export const PERSON_USER_AGENT =
  "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/156.0.0.0 Safari/537.36";

function withoutFakeTime(env: NodeJS.ProcessEnv): Record<string, string> {
  const kept: Record<string, string> = {};
  for (const [name, value] of Object.entries(env)) {
    if (value !== undefined && name !== "LD_PRELOAD" && !name.startsWith("FAKETIME")) kept[name] = value;
  }
  return kept;
}

/**
 * The browser's own clock, in ms. Chromium runs without faketime (CHROMIUM_LAUNCH), so a
 * cookie lifetime it stores (`Max-Age`, from the server or the page) counts from the real
 * time, while the runner's `Date.now()` is moved by faketime's offset (`FAKETIME=+<s>s`,
 * .ci/run) and the pages' by Playwright's clock (fixtures.ts). Without faketime: `Date.now()`.
 */
export function browserClockNow(): number {
  const offsetSeconds = /^\+(-?\d+)s$/.exec(process.env.FAKETIME ?? "")?.[1];
  return Date.now() - (offsetSeconds ? Number(offsetSeconds) * 1000 : 0);
}
