import { availableParallelism } from "node:os";
import { defineConfig } from "@playwright/test";
import { CHROMIUM_LAUNCH, PERSON_USER_AGENT } from "./e2e/support/chromium.js";
import { SHARED_CONFIG_PROJECT } from "./e2e/support/projects.js";

// Browser journeys (`npm run test:e2e`): the system Chromium driven by
// @playwright/test, against the production build served by the real server
// process (started once by the global setup on a free loopback port).
// A worker drives a whole Chromium (several processes) against the one server process,
// so each needs about two cores: one worker on a 2-core machine, where two starved
// each other into timeouts. E2E_WORKERS overrides it.
const WORKERS = Number(process.env.E2E_WORKERS) || Math.max(1, Math.floor(availableParallelism() / 2));
// Journeys that change a server's remote config (feature switches, announcements, the
// debug console) would switch buttons off under journeys running beside them: they talk to
// a second server of their own (e2e/support/global-setup.ts), one at a time, while the
// other journeys run; after them, one worker sat idle for their whole length.
const SHARED_CONFIG = /(feature-switches|debug-console|feedback|admin-console|admin-commerce)\.e2e\.ts$/;

export default defineConfig({
  testDir: "e2e",
  testMatch: "**/*.e2e.ts",
  outputDir: "test-results/e2e",
  globalSetup: "./e2e/support/global-setup.ts",
  fullyParallel: true,
  workers: WORKERS,
  forbidOnly: Boolean(process.env.CI),
  // On CI a failure is retried once and reported as flaky, never hidden.
  retries: process.env.CI ? 1 : 0,
  // The budget of a short journey; longer ones set their own with test.setTimeout. CI
  // machines have been up to three times slower than a workstation (a drive page's first
  // data after 5-8 s while two Chromiums share two cores), so waits there are longer: a
  // wait only costs its length when the awaited thing never comes.
  timeout: process.env.CI ? 60_000 : 30_000,
  expect: { timeout: process.env.CI ? 15_000 : 5_000 },
  reporter: [["list"]],
  // CI looks at no screenshots: it runs the generators (e2e/support/generator.ts) for their
  // overflow and script-error checks, at phone width only, where pages overflow; the desktop
  // ones added about two minutes to the journeys there.
  grepInvert: process.env.CI ? /1440×900.*@generator/ : undefined,
  // The shared-config journeys come first: queued last, their serial two minutes ran after
  // every other journey with the second worker idle.
  projects: [
    { name: SHARED_CONFIG_PROJECT, testMatch: SHARED_CONFIG, workers: 1 },
    { name: "journeys", testIgnore: SHARED_CONFIG },
  ],
  use: {
    browserName: "chromium",
    launchOptions: CHROMIUM_LAUNCH,
    locale: "en-US",
    userAgent: PERSON_USER_AGENT,
    // Recording a trace costs a fifth of the journeys' time (screencast and snapshots on
    // every action: 84 s against 105 s for five heavy files on two workers), so it is only
    // recorded on CI's retry of a failed journey.
    trace: "on-first-retry",
    screenshot: "only-on-failure",
    // page.route cannot see what a service worker fetches (Playwright's advice: block them when
    // routing). The worker's own journeys (e2e/offline.e2e.ts) allow it.
    serviceWorkers: "block",
  },
});
