/**
 * The machine's Chromium (installed by .ci/run from Debian), never a downloaded
 * browser build; bench/web.mjs launches it with the same flags.
 */
export const CHROMIUM_LAUNCH = {
  executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium",
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
