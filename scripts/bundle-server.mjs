// Links the server's tsc output (apps/server/dist) into one ES module, apps/server/bundle/main.js,
// with the packages it loads at start inside it: start-up was mostly Node resolving, opening
// and compiling ~500 separate files (decision 0053). What the server loads on first use
// (`await import(…)`) becomes chunks beside it, loaded as late as before.
//   node scripts/bundle-server.mjs        (part of `npm run build`, after `tsc -b apps/server`)
import { readFileSync, rmSync } from "node:fs";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { build } from "esbuild";
import { ROOT, SERVER_ENTRY } from "./build-freshness.mjs";

const SERVER_DIR = path.join(ROOT, "apps/server");
const BUNDLE_DIR = path.dirname(SERVER_ENTRY);

/**
 * Dependencies linked into the bundle: the pure-JavaScript packages the server imports at
 * start (src/startup-imports.test.ts walks that graph), and the workspace packages. Every
 * other dependency stays a separate package loaded from node_modules: native addons
 * (better-sqlite3, argon2, sharp), packages that find their own files at run time
 * (@fastify/swagger-ui's static assets, altcha, the GeoIP database, torrent-stream, pino's
 * transports), and whatever the server loads only on first use. A new dependency is
 * therefore external until it is added here.
 */
export const BUNDLED = new Set([
  "@fastify/cookie",
  "@fastify/static",
  "@fastify/swagger",
  "@nimbus/protocol",
  "@nimbus/texts",
  "fastify",
  "fastify-type-provider-zod",
  "kysely",
  "otpauth",
  "prom-client",
  "zod",
]);

/** `@scope/name/sub/path` → `@scope/name`; `name/sub` → `name`. */
export function packageName(specifier) {
  const parts = specifier.split("/");
  return specifier.startsWith("@") ? parts.slice(0, 2).join("/") : parts[0];
}

/** The server's declared dependencies: packages it may load by name, outside the bundle too. */
function declaredDependencies() {
  const manifest = JSON.parse(readFileSync(path.join(SERVER_DIR, "package.json"), "utf8"));
  return new Set(Object.keys({ ...manifest.dependencies, ...manifest.optionalDependencies }));
}

/**
 * What Nimbus's own code (the server and the workspace packages) imports by name stays
 * external unless it is in BUNDLED. Inside a bundled package, its imports are linked in too
 * (fastify's avvio, find-my-way, ajv…), except the server's declared dependencies, so a
 * bundled package's `import "pino"` loads the same pino as everyone else.
 */
function externalPackages(declared) {
  return {
    name: "nimbus-external-packages",
    setup(esbuild) {
      esbuild.onResolve({ filter: /^[^./]/ }, ({ path: specifier, importer }) => {
        if (specifier.startsWith("node:")) return { path: specifier, external: true };
        const name = packageName(specifier);
        const fromPackage = importer.split(path.sep).includes("node_modules");
        const external = fromPackage ? declared.has(name) && !BUNDLED.has(name) : !BUNDLED.has(name);
        return external ? { path: specifier, external: true } : undefined;
      });
    },
  };
}

export async function bundleServer() {
  rmSync(BUNDLE_DIR, { recursive: true, force: true });
  await build({
    entryPoints: [path.join(SERVER_DIR, "dist/main.js")],
    outdir: BUNDLE_DIR,
    bundle: true,
    splitting: true,
    format: "esm",
    platform: "node",
    target: "node20",
    sourcemap: "linked",
    // A third less code for V8 to read at every start; names stay as written, so stack traces
    // keep their function names (their positions map back through the .map files).
    minifyWhitespace: true,
    minifySyntax: true,
    legalComments: "linked",
    logLevel: "warning",
    // CommonJS packages inside an ES module still call require(): give them Node's.
    banner: {
      js: 'import { createRequire as __nimbusCreateRequire } from "node:module"; const require = __nimbusCreateRequire(import.meta.url);',
    },
    plugins: [externalPackages(declaredDependencies())],
  });
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? "").href) await bundleServer();
