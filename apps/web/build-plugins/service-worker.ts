import path from "node:path";
import { fileURLToPath } from "node:url";
import { build } from "esbuild";
import type { Plugin } from "vite";

const SOURCE = fileURLToPath(new URL("../sw/service-worker.ts", import.meta.url));
/**
 * Precached: the hashed scripts and stylesheets, not the 11 catalogues (each page keeps its own
 * once fetched) nor the debug console (286 KB, opened by support only).
 */
const PRECACHED = /^assets\/(?!vconsole)[^/]+\.(?:js|css)$/;

/** The precache list Workbox expects: hashed names need no revision. */
export function precacheEntries(fileNames: Iterable<string>): { url: string; revision: null }[] {
  return [...fileNames]
    .filter((name) => PRECACHED.test(name))
    .sort()
    .map((name) => ({ url: `/${name}`, revision: null }));
}

/**
 * Builds `build/client/sw.js` (decision 0059) after the client bundle is written: esbuild
 * bundles `sw/service-worker.ts` and Workbox's runtime modules, with the client build's
 * hashed scripts and stylesheets as `self.__WB_MANIFEST`. Workbox's own `injectManifest`
 * (workbox-build) would glob the same files after the build and bring Rollup and Babel
 * with it; the bundle already names them.
 */
export function serviceWorkerPlugin(): Plugin {
  return {
    name: "nimbus-service-worker",
    apply: "build",
    async writeBundle(options, bundle) {
      if (this.environment.name !== "client" || !options.dir) return;
      const entries = precacheEntries(Object.keys(bundle));
      await build({
        entryPoints: [SOURCE],
        outfile: path.join(options.dir, "sw.js"),
        bundle: true,
        minify: true,
        format: "iife",
        target: "es2022",
        legalComments: "none",
        define: {
          "self.__WB_MANIFEST": JSON.stringify(entries),
          "process.env.NODE_ENV": '"production"',
        },
        logLevel: "warning",
      });
    },
  };
}
