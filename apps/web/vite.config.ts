import { fileURLToPath } from "node:url";
import { reactRouter } from "@react-router/dev/vite";
import { defineConfig } from "vite";
import { catalogueAssetsPlugin } from "./build-plugins/catalogue-assets.js";
import { rootStylesPlugin } from "./build-plugins/root-styles.js";
import { serviceWorkerPlugin } from "./build-plugins/service-worker.js";

export default defineConfig({
  plugins: [reactRouter(), catalogueAssetsPlugin(), rootStylesPlugin(), serviceWorkerPlugin()],
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
              // The service worker's protocol constants, alone: the worker's registration (a dynamic
              // import on every page after load) then depends on no chunk with a stylesheet. From
              // the drive chunk it loaded that chunk and inserted drive.css and shell.css again, a
              // second <link> each (React Router marks a route's own with `#`), and the whole page
              // was restyled (decision 0082).
              name: "offline-protocol",
              test: /\/app\/lib\/offline-protocol\.ts$/,
              priority: 3,
            },
            {
              // Every page's platform wiring. The captcha modal is not in it: only the pages that
              // call a captcha-guarded API import it, and they load it with their own code.
              name: "shell",
              // The region check of spec §4 runs on every page too.
              test: /\/app\/(components\/platform\/(?!captcha-challenge|use-show-challenge|campaign-popup)|lib\/(platform|device-id|cookies|page-actions|layout-state|embedded|debug-console|chunk-reload|display-mode)\.ts|site\/(region-check|use-region-check)\.ts)/,
              priority: 1,
            },
            {
              // The drive layout's first paint (header, sidebar, session, the hosts of its dialogs)
              // and the small shared pieces it imports, in one chunk instead of ~30 requests of a
              // few hundred bytes each: on HTTP/1.1 each costs a round trip before the page can
              // hydrate, and Lighthouse counts them on the critical path. Only modules some page
              // imports statically ($initial): what the drive loads on first use (dialogs, the
              // preview, the upload runtime) stays in its own chunk. Nothing a public page imports
              // may match (check-in, invite and plan panels are on public pages too), or those pages
              // would load this chunk: bench/web.mjs and e2e/compression.e2e.ts watch that.
              name: "drive",
              tags: ["$initial"],
              test: /\/app\/(drive\/(?!files\/|check-in-panel|invite-panel|plan-cards|order-history|feedback-panel|membership-section|drive-page\.|tasks\/tasks-view)[\w/-]+|session\/(?!account-api|use-account-api)[\w-]+|layouts\/drive|drive\/files\/api|accounts\/sign-in-dialog|shares\/(share-dialog-host|restore-continuation)|lib\/(events|analytics|share-events|vip|bidi)|components\/(spinner|form-status|load-state|empty-state|file-icons|email-address|toasts))\.|\/app\/lib\/format\//,
              // Below the shell and the site, so what they hold (and the modules they pull in)
              // stays with them rather than following the drive's modules here.
              priority: 0,
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
