import { existsSync, readFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";

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
