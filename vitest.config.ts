import { defineConfig } from "vitest/config";

// Two projects: fast unit tests beside the code, and integration tests that drive
// buildApp() on a real database (a temporary SQLite file, or Postgres when
// TEST_DATABASE_URL is set). Sources are resolved through the "@nimbus/source"
// export condition, so tests never need a build.
const resolve = { conditions: ["@nimbus/source"] };

export default defineConfig({
  resolve,
  ssr: { resolve: { conditions: ["@nimbus/source"], externalConditions: ["@nimbus/source"] } },
  test: {
    projects: [
      {
        resolve,
        test: {
          name: "unit",
          include: ["packages/*/src/**/*.test.ts", "apps/*/src/**/*.test.ts"],
          testTimeout: 30_000,
        },
      },
      {
        resolve,
        test: {
          name: "integration",
          include: ["apps/*/test/**/*.test.ts"],
          testTimeout: 30_000,
          hookTimeout: 30_000,
        },
      },
    ],
  },
});
