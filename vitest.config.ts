import { readdirSync, readFileSync } from "node:fs";
import { availableParallelism } from "node:os";
import { fileURLToPath } from "node:url";
import { defineConfig } from "vitest/config";
import { catalogueAssetsPlugin } from "./apps/web/build-plugins/catalogue-assets.js";

// Three projects: fast unit tests beside the code, integration tests that drive
// buildApp() on a real database (a temporary SQLite file, or Postgres when
// TEST_DATABASE_URL is set) and blob store (local, or s3rver when
// TEST_BLOB_STORE=s3), and the slow tier (`*.slow.test.ts`: runs that take
// minutes, such as ZIP64 and the full property test). `vitest run` runs all three;
// `npm run test:fast` leaves the slow tier out. Workspace packages resolve to their
// TypeScript sources, so tests never need a build.
// Web component tests that need a DOM (`*.dom.test.tsx`) run in the unit project with
// `// @vitest-environment happy-dom` at their top, rendered by `apps/web/app/testing/dom.tsx`.
const source = (path: string) => fileURLToPath(new URL(path, import.meta.url));
const resolve = {
  alias: [
    { find: /^@nimbus\/protocol$/, replacement: source("./packages/protocol/src/index.ts") },
    { find: /^@nimbus\/texts$/, replacement: source("./packages/texts/src/index.ts") },
    { find: /^@nimbus\/texts\/server$/, replacement: source("./packages/texts/src/server.ts") },
  ],
};
const SLOW = "**/*.slow.test.ts";
const UNIT_ROOTS = ["packages", "apps/server/src", "apps/web/app", "apps/web/build-plugins"];

/**
 * The unit test files that need a module graph of their own: the DOM tests (happy-dom, and the
 * harness's cleanup registered once per module) and those that replace a module with `vi.mock`
 * (in a shared graph, a module an earlier file imported would stay the real one).
 */
function needsOwnGraph(file: string): boolean {
  return (
    file.endsWith(".dom.test.tsx") || /\bvi\.(?:do)?[mM]ock\(/.test(readFileSync(source(`./${file}`), "utf8"))
  );
}
const unitFiles = UNIT_ROOTS.flatMap((root) =>
  readdirSync(source(`./${root}`), { recursive: true, encoding: "utf8" })
    .map((name) => `${root}/${name}`)
    .filter(
      (file) =>
        /\.test\.tsx?$/.test(file) && !file.endsWith(".slow.test.ts") && !file.includes("node_modules"),
    ),
);
const isolatedUnitFiles = unitFiles.filter(needsOwnGraph);

export default defineConfig({
  resolve,
  test: {
    // Vitest's default (one core less than the machine) is a single worker on CI's two
    // cores, but the integration files mostly wait on disk, Postgres and child servers:
    // two workers there took the Postgres pass from 368 s to 134 s.
    maxWorkers: Math.max(2, availableParallelism() - 1),
    // `--coverage`, or NIMBUS_COVERAGE=1 (CI's `npm test`, whose arguments go to the journeys):
    // the source of the apps and packages, tests and generated code left out.
    coverage: {
      enabled: process.env.NIMBUS_COVERAGE === "1",
      provider: "v8",
      include: ["apps/server/src/**/*.ts", "apps/web/app/**/*.{ts,tsx}", "packages/*/src/**/*.ts"],
      exclude: ["**/*.test.{ts,tsx}", "**/testing/**"],
      reporter: ["text-summary"],
    },
    projects: [
      {
        resolve,
        // The web's `virtual:nimbus/catalogues` (decision 0034), as in its build.
        plugins: [catalogueAssetsPlugin()],
        test: {
          name: "unit",
          include: [
            "packages/*/src/**/*.test.ts",
            "apps/*/src/**/*.test.ts",
            "apps/web/app/**/*.test.{ts,tsx}",
            "apps/web/build-plugins/**/*.test.ts",
          ],
          exclude: [SLOW, "**/node_modules/**", ...isolatedUnitFiles],
          // As the integration tier: files run one after another in one module graph per worker,
          // instead of importing their modules anew each (the tier took 27 s instead of 71 s,
          // 2026-11-29). A file keeps its state in what it creates, and restores what it stubs.
          isolate: false,
          testTimeout: 30_000,
        },
      },
      {
        resolve,
        plugins: [catalogueAssetsPlugin()],
        test: {
          // `npm run test:unit` runs both (`--project 'unit*'`).
          name: "unit-isolated",
          include: isolatedUnitFiles,
          testTimeout: 30_000,
        },
      },
      {
        resolve,
        test: {
          name: "integration",
          // One worker runs file after file in the same module graph instead of importing the
          // whole server anew for each of the 95 files: 152 CPU seconds for the tier instead of
          // 437 (624 tests, SQLite, 2026-11-29). Files share no state but what they create
          // (each test app has its own database, DATA_DIR and blob prefix).
          isolate: false,
          include: ["apps/*/test/**/*.test.ts"],
          exclude: [SLOW, "**/node_modules/**"],
          testTimeout: 30_000,
          // On Postgres a file's last hook drops its schema under the exclusive catalogue lock
          // (test/support/test-app.ts), which waits for every file then migrating, each holding
          // it shared while queued on Kysely's one migration lock: behind CI's side-by-side
          // passes that wait passed 30 s (restore-drill and offline-http, 2026-11-29).
          hookTimeout: process.env.TEST_DATABASE_URL ? 120_000 : 30_000,
        },
      },
      {
        resolve,
        test: {
          name: "slow",
          include: [
            "apps/*/src/**/*.slow.test.ts",
            "apps/web/app/**/*.slow.test.ts",
            "apps/*/test/**/*.slow.test.ts",
          ],
          // Each file carries its own budget; this is the ceiling for one that forgot.
          testTimeout: 300_000,
          hookTimeout: 60_000,
        },
      },
    ],
  },
});
