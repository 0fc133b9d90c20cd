import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";

/**
 * The layer rules of docs/architecture.md, checked: imports flow
 * http → modules → (db | blobs | jobs | mail | lib) → protocol → texts, and never back;
 * inside `modules/`, from a module to modules of lower levels only.
 */
const SRC = path.dirname(fileURLToPath(import.meta.url));
const PROTOCOL = path.resolve(SRC, "../../../packages/protocol/src");
const TEXTS = path.resolve(SRC, "../../../packages/texts/src");

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

/**
 * The order of the domain modules, bottom up: a module imports modules of strictly
 * lower levels only (and its own folder freely); modules of one level never import
 * each other. A new module folder must be placed here.
 */
const MODULE_LEVELS: readonly (readonly string[])[] = [
  ["membership"],
  ["clients", "rate-limits", "events", "locks", "tasks", "links", "accounting", "access", "admin-log"],
  ["auth", "remote-config", "feedback"],
  ["users"],
  ["previews"],
  ["files"],
  ["downloads", "uploads", "archives", "space", "shares"],
  ["accounts", "audit", "console", "offline", "rewards", "payments", "webdav", "playback"],
  ["captcha"],
];

const MODULES = path.join(SRC, "modules");
/** The one file of `modules/files/` that code outside that folder may import. */
const FILES_DOOR = path.join(MODULES, "files", "index.ts");

function moduleOf(file: string): string | undefined {
  const relative = path.relative(MODULES, file);
  return relative.startsWith("..") ? undefined : relative.split(path.sep)[0];
}

function levelOf(module: string): number {
  return MODULE_LEVELS.findIndex((level) => level.includes(module));
}

/** Resolved `.ts` path of a relative import (`./x.js` → `/…/x.ts`). */
function resolveImport(file: string, spec: string): string {
  return path.resolve(path.dirname(file), spec).replace(/\.js$/, ".ts");
}

describe("architecture", () => {
  it("keeps packages/protocol isomorphic: no Node built-ins, no server code", () => {
    for (const file of sources(PROTOCOL)) {
      for (const spec of imports(file)) {
        expect(spec, path.relative(PROTOCOL, file)).not.toMatch(/^node:|^(fs|path|crypto|stream|buffer)$/);
        expect(spec, path.relative(PROTOCOL, file)).not.toMatch(/apps\//);
      }
    }
  });

  it("keeps packages/texts an isomorphic leaf: no Node built-ins, no other workspace package", () => {
    for (const file of sources(TEXTS)) {
      for (const spec of imports(file)) {
        expect(spec, path.relative(TEXTS, file)).toMatch(/^\./);
      }
    }
  });

  it("keeps auth hooks out of route modules: a route gets its hook from the scope it is registered in", () => {
    const routes = path.join(SRC, "http/routes");
    for (const file of sources(routes)) {
      const text = readFileSync(file, "utf8");
      expect(text, path.relative(routes, file)).not.toMatch(
        /\b(requireUser|optionalUser|requireAdmin|onRequest)\b/,
      );
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

  it("places every module folder in the module order", () => {
    const folders = readdirSync(MODULES, { withFileTypes: true }).filter((entry) => entry.isDirectory());
    for (const folder of folders)
      expect(levelOf(folder.name), `modules/${folder.name}`).toBeGreaterThanOrEqual(0);
  });

  it("lets each module import only modules of lower levels", () => {
    const violations: string[] = [];
    for (const file of sources(MODULES)) {
      const from = moduleOf(file) as string;
      for (const spec of imports(file).filter((s) => s.startsWith("."))) {
        const to = moduleOf(resolveImport(file, spec));
        if (to === undefined || to === from || levelOf(to) < levelOf(from)) continue;
        violations.push(`${path.relative(SRC, file)} imports ${spec}: ${to} is not below ${from}`);
      }
    }
    expect(violations).toEqual([]);
  });

  it("reaches files/ only through files/index.ts from outside it", () => {
    const violations: string[] = [];
    for (const file of sources(SRC)) {
      if (moduleOf(file) === "files") continue;
      for (const spec of imports(file).filter((s) => s.startsWith("."))) {
        const target = resolveImport(file, spec);
        if (moduleOf(target) === "files" && target !== FILES_DOOR) {
          violations.push(`${path.relative(SRC, file)} imports ${spec}`);
        }
      }
    }
    expect(violations).toEqual([]);
  });

  it("keeps writes of a user's storage counters inside modules/accounting", () => {
    const write = /storage_(usage|reserved)\s*:\s*eb\b|\.set\(\{[^}]*storage_(usage|reserved)/;
    const writers = sources(MODULES)
      .filter((file) => moduleOf(file) !== "accounting" && write.test(readFileSync(file, "utf8")))
      .map((file) => path.relative(SRC, file));
    expect(writers).toEqual([]);
  });
});
