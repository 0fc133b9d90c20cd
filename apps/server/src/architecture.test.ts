import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";

/**
 * The layer rules of docs/architecture.md, checked: imports flow
 * http → modules → (db | blobs | jobs | mail | lib) → protocol, and never back.
 */
const SRC = path.dirname(fileURLToPath(import.meta.url));
const PROTOCOL = path.resolve(SRC, "../../../packages/protocol/src");

function sources(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return sources(full);
    return entry.name.endsWith(".ts") && !entry.name.endsWith(".test.ts") ? [full] : [];
  });
}

function imports(file: string): string[] {
  const text = readFileSync(file, "utf8");
  return [
    ...text.matchAll(/(?:import|export)[^"']*?from\s+["']([^"']+)["']|import\(\s*["']([^"']+)["']\s*\)/g),
  ].map((m) => (m[1] ?? m[2]) as string);
}

function layerOf(file: string): string {
  return path.relative(SRC, file).split(path.sep)[0] ?? "";
}

const ALLOWED: Record<string, string[]> = {
  config: ["config"],
  lib: ["lib"],
  db: ["db", "config", "lib"],
  blobs: ["blobs", "lib"],
  jobs: ["jobs", "db", "lib"],
  mail: ["mail", "config", "lib"],
  modules: ["modules", "db", "blobs", "jobs", "mail", "lib", "config"],
  http: ["http", "modules", "lib", "services.js", "blobs", "config"],
};

describe("architecture", () => {
  it("keeps packages/protocol isomorphic: no Node built-ins, no server code", () => {
    for (const file of sources(PROTOCOL)) {
      for (const spec of imports(file)) {
        expect(spec, path.relative(PROTOCOL, file)).not.toMatch(/^node:|^(fs|path|crypto|stream|buffer)$/);
        expect(spec, path.relative(PROTOCOL, file)).not.toMatch(/apps\//);
      }
    }
  });

  it("lets each server layer import only the layers below it", () => {
    for (const file of sources(SRC)) {
      const layer = layerOf(file);
      const allowed = ALLOWED[layer];
      if (!allowed) continue; // app.ts, main.ts and services.ts wire everything
      for (const spec of imports(file).filter((s) => s.startsWith("."))) {
        const target = layerOf(path.resolve(path.dirname(file), spec));
        expect(allowed, `${path.relative(SRC, file)} imports ${spec}`).toContain(target);
      }
    }
  });
});
