import { defineConfig } from "@playwright/test";
import { CHROMIUM_LAUNCH, PERSON_USER_AGENT } from "./e2e/support/chromium.js";

// Browser journeys (`npm run test:e2e`): the system Chromium driven by
// @playwright/test, against the production build served by the real server
// process (started once by the global setup on a free loopback port).
export default defineConfig({
  testDir: "e2e",
  testMatch: "**/*.e2e.ts",
  outputDir: "test-results/e2e",
  globalSetup: "./e2e/support/global-setup.ts",
  fullyParallel: true,
  workers: 2,
  forbidOnly: Boolean(process.env.CI),
  // On CI a failure is retried once and reported as flaky, never hidden.
  retries: process.env.CI ? 1 : 0,
  timeout: 30_000,
  expect: { timeout: 5_000 },
  reporter: [["list"]],
  use: {
    browserName: "chromium",
    launchOptions: CHROMIUM_LAUNCH,
    locale: "en-US",
    userAgent: PERSON_USER_AGENT,
    trace: "retain-on-failure",
    screenshot: "only-on-failure",
  },
});
