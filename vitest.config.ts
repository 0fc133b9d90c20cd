import { fileURLToPath } from "node:url";
import { defineConfig } from "vitest/config";

// Two projects: fast unit tests beside the code, and integration tests that drive
// buildApp() on a real database (a temporary SQLite file, or Postgres when
// TEST_DATABASE_URL is set). Workspace packages resolve to their TypeScript
// sources, so tests never need a build.
const resolve = {
  alias: { "@nimbus/protocol": fileURLToPath(new URL("./packages/protocol/src/index.ts", import.meta.url)) },
};

export default defineConfig({
  resolve,
  test: {
    projects: [
      {
        resolve,
        test: {
          name: "unit",
          include: [
            "packages/*/src/**/*.test.ts",
            "apps/*/src/**/*.test.ts",
            "apps/web/app/**/*.test.{ts,tsx}",
          ],
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
