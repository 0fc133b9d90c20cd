import { existsSync, readFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
// @ts-expect-error: a build script in plain JavaScript, without type declarations.
import * as bundleScript from "../../../scripts/bundle-server.mjs";

const BUNDLED: Set<string> = bundleScript.BUNDLED;
const packageName: (specifier: string) => string = bundleScript.packageName;

/**
 * Start-up loads only what serving the first request needs (issue #17: ready in 1 s,
 * idle RSS ≤ 100 MiB). Heavy packages are loaded with `await import()` (or a lazy
 * `require`) where they are first used; this follows every static import from
 * `main.ts` and fails when one of them is reached.
 */
const SRC = path.dirname(fileURLToPath(import.meta.url));

/** Packages that must never load at start. */
const LAZY = [
  /^stripe$/,
  /^@aws-sdk\//,
  /^undici$/,
  /^react(-dom)?(\/|$)/,
  /^@react-router\//,
  /^ioredis$/,
  /^pg$/,
  /^sharp$/,
  /^torrent-stream$/,
  /^@tus\//,
  /^nodemailer$/,
  /^argon2$/,
  /^qrcode$/,
  /^altcha(-lib)?$/,
  /^vite$/,
];

/** Runtime imports of a file: `import … from`, `export … from` and bare `import "x"`, not `import type` nor `import()`. */
export function staticImports(text: string): string[] {
  const code = text.replace(/\/\*[\s\S]*?\*\/|^\s*\/\/.*$/gm, "");
  return [...code.matchAll(/^\s*(?:import|export)\s+(?!type\s)(?:[^;"']*?\sfrom\s+)?["']([^"']+)["']/gm)].map(
    (match) => match[1] as string,
  );
}

/** Every package reached from `entry` through static imports, with the file that imports it. */
function packagesReachedFrom(entry: string): Map<string, string> {
  const reached = new Map<string, string>();
  const seen = new Set<string>();
  const queue = [entry];
  for (let file = queue.pop(); file; file = queue.pop()) {
    if (seen.has(file)) continue;
    seen.add(file);
    for (const spec of staticImports(readFileSync(file, "utf8"))) {
      if (spec.startsWith(".")) {
        const target = path.resolve(path.dirname(file), spec).replace(/\.js$/, ".ts");
        if (existsSync(target)) queue.push(target);
      } else if (!spec.startsWith("node:") && !spec.startsWith("@nimbus/")) {
        if (!reached.has(spec)) reached.set(spec, path.relative(SRC, file));
      }
    }
  }
  return reached;
}

describe("start-up imports", () => {
  it("reads static imports and leaves type-only and dynamic ones out", () => {
    const text = [
      'import Fastify from "fastify";',
      'import type Stripe from "stripe";',
      "import {\n  a,\n  b,\n} from './multi.js';",
      'export { c } from "./re-export.js";',
      'import "./side-effect.js";',
      'const s3 = await import("@aws-sdk/client-s3");',
      '// import "commented";',
    ].join("\n");
    expect(staticImports(text)).toEqual(["fastify", "./multi.js", "./re-export.js", "./side-effect.js"]);
  });

  it("main.ts reaches no heavy package through static imports", () => {
    const reached = packagesReachedFrom(path.join(SRC, "main.ts"));
    expect(reached.has("fastify"), "the walk follows main's imports").toBe(true);
    const heavy = [...reached].filter(([spec]) => LAZY.some((pattern) => pattern.test(spec)));
    expect(heavy.map(([spec, from]) => `${spec} (from ${from})`)).toEqual([]);
  });
});

/**
 * Packages main.ts reaches at start that the production bundle leaves in node_modules
 * (scripts/bundle-server.mjs), and why.
 */
const KEPT_OUT_OF_BUNDLE: Record<string, string> = {
  "@fastify/swagger-ui": "serves the UI's files from its own directory",
  pino: "runs its transports from files of its own, in worker threads",
};

describe("the production bundle (scripts/bundle-server.mjs)", () => {
  it("names packages as imports do", () => {
    expect(packageName("fastify")).toBe("fastify");
    expect(packageName("zod/v4/core")).toBe("zod");
    expect(packageName("@nimbus/texts/server")).toBe("@nimbus/texts");
    expect(packageName("@fastify/static")).toBe("@fastify/static");
  });

  it("links in every package the server loads at start, or says why not", () => {
    const reached = new Set([...packagesReachedFrom(path.join(SRC, "main.ts")).keys()].map(packageName));
    const undecided = [...reached].filter((name) => !BUNDLED.has(name) && !(name in KEPT_OUT_OF_BUNDLE));
    expect(undecided, "add each to BUNDLED, or to KEPT_OUT_OF_BUNDLE with the reason").toEqual([]);
  });

  it("links in no package that is loaded lazily or carries native code", () => {
    // The server's own node_modules first (versions that differ from the workspace's), then the root's.
    const places = [path.resolve(SRC, "../node_modules"), path.resolve(SRC, "../../../node_modules")];
    for (const name of BUNDLED) {
      expect(
        LAZY.some((pattern) => pattern.test(name)),
        `${name} is loaded on first use`,
      ).toBe(false);
      const installed = places.map((place) => path.join(place, name)).find((dir) => existsSync(dir));
      expect(installed, `${name} is installed`).toBeDefined();
      expect(existsSync(path.join(installed ?? "", "binding.gyp")), `${name} is a native addon`).toBe(false);
    }
  });
});
