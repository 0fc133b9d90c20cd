import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";

/**
 * The web's layer rules of docs/architecture.md, checked: imports flow
 * routes → layouts → admin → features (drive, accounts, shares) → session → components →
 * (site | content) → api → i18n → lib → @nimbus/protocol, and never back; the
 * features never import each other.
 */
const APP = path.dirname(fileURLToPath(import.meta.url));

function sources(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return sources(full);
    return /\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name) ? [full] : [];
  });
}

function imports(file: string): string[] {
  const text = readFileSync(file, "utf8");
  return [
    ...text.matchAll(
      /(?:import|export)[^"']*?from\s+["']([^"']+)["']|import\(\s*["']([^"']+)["']\s*\)|import\s+["']([^"']+)["']/g,
    ),
  ].map((m) => (m[1] ?? m[2] ?? m[3]) as string);
}

/** The top folder of `app/` a file lives in; "" for the files at its root. */
function areaOf(file: string): string {
  const parts = path.relative(APP, file).split(path.sep);
  return parts.length > 1 ? (parts[0] as string) : "";
}

const FOUNDATION = ["api", "i18n", "lib", "styles"];
const BELOW_FEATURES = ["session", "components", "site", "content", ...FOUNDATION];

/** What each area may import besides itself. The root files (root, entry, routes.ts) wire everything. */
const ALLOWED: Record<string, readonly string[]> = {
  routes: ["layouts", "drive", "accounts", "shares", "admin", ...BELOW_FEATURES],
  layouts: ["drive", "accounts", "shares", ...BELOW_FEATURES],
  drive: BELOW_FEATURES,
  accounts: BELOW_FEATURES,
  shares: BELOW_FEATURES,
  // The admin console reuses the drive's session gate.
  admin: ["drive", ...BELOW_FEATURES],
  session: ["components", "site", "content", ...FOUNDATION],
  components: ["site", "content", ...FOUNDATION],
  content: ["site", ...FOUNDATION],
  site: FOUNDATION,
  api: ["i18n", "lib"],
  i18n: ["lib", "locales"],
  lib: [],
  locales: [],
  styles: [],
  // The DOM tests' harness (providers, a mocked fetch): only tests import it.
  testing: BELOW_FEATURES,
};

/** The icon paths: plain data that content may use although it sits below components. */
const ICONS = path.join(APP, "components", "icons.ts");

describe("web architecture", () => {
  it("places every folder of app/ in the layer order", () => {
    const folders = readdirSync(APP, { withFileTypes: true }).filter((entry) => entry.isDirectory());
    for (const folder of folders) expect(Object.keys(ALLOWED), `app/${folder.name}`).toContain(folder.name);
  });

  it("lets each area import only itself and the layers below it", () => {
    const violations: string[] = [];
    for (const file of sources(APP)) {
      const from = areaOf(file);
      const allowed = ALLOWED[from];
      if (!allowed) continue;
      for (const spec of imports(file).filter((s) => s.startsWith("."))) {
        const target = path.resolve(path.dirname(file), spec).replace(/\.js$/, ".ts");
        const to = areaOf(target);
        const ok = to === from || allowed.includes(to) || (from === "content" && target === ICONS);
        if (!ok) violations.push(`${path.relative(APP, file)} imports ${spec}`);
      }
    }
    expect(violations).toEqual([]);
  });

  it("keeps process.env out of web code: loaders reach the API through the load context", () => {
    const readers = sources(APP)
      .filter((file) => /\bprocess\.env\b/.test(readFileSync(file, "utf8")))
      .map((file) => path.relative(APP, file));
    expect(readers).toEqual([]);
  });
});
