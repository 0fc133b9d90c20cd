import { fileURLToPath } from "node:url";
import { reactRouter } from "@react-router/dev/vite";
import { defineConfig } from "vite";
import { catalogueAssetsPlugin } from "./build-plugins/catalogue-assets.js";

export default defineConfig({
  plugins: [reactRouter(), catalogueAssetsPlugin()],
  resolve: {
    // The web imports only the isomorphic contract and the texts, from their TypeScript sources.
    alias: {
      "@nimbus/protocol": fileURLToPath(new URL("../../packages/protocol/src/index.ts", import.meta.url)),
      "@nimbus/texts": fileURLToPath(new URL("../../packages/texts/src/index.ts", import.meta.url)),
    },
  },
  build: {
    assetsInlineLimit: 2048,
    rolldownOptions: {
      output: {
        // First-load JavaScript (bench/web.mjs, target ≤ 120 KB gzipped): React, React DOM and
        // React Router in one long-cached chunk; the platform wiring every page mounts (and the lib
        // modules it uses) in one "shell" chunk rather than many tiny ones, each gzipped on its own.
        codeSplitting: {
          groups: [
            {
              name: "framework",
              test: /node_modules\/(react|react-dom|react-router|scheduler|cookie|set-cookie-parser)\//,
              priority: 2,
            },
            {
              // Every page's platform wiring. The captcha modal is not in it: only the pages that
              // call a captcha-guarded API import it, and they load it with their own code.
              name: "shell",
              // The region check of spec §4 runs on every page too.
              test: /\/app\/(components\/platform\/(?!captcha-challenge|use-show-challenge)|lib\/(platform|device-id|cookies|page-actions|layout-state|embedded|debug-console|chunk-reload|display-mode)\.ts|site\/(region-check|use-region-check)\.ts)/,
              priority: 1,
            },
            {
              // The public site's chrome every page around it needs: header, footer, menus, icons,
              // the catalogue helpers and the page scaffolding.
              name: "site",
              test: /\/app\/(components\/(site-header|site-footer|language-menu|theme-toggle|use-disclosure|icons?|logo|page|platform-cards|error-page|device)|i18n\/(i18n|locale-url)|site\/(meta|policies|public-pages|theme)|content\/downloads)\.tsx?$/,
              priority: 1,
            },
          ],
        },
      },
    },
  },
});
