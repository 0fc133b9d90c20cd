import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { compilePathOnce } from "./route-paths-once.js";

/** A module shaped as React Router's: compilePath and a caller. */
const MODULE = `
function compilePath(path, caseSensitive = false, end = true) {
  calls++;
  let params = [];
  return [new RegExp("^" + path + (end ? "$" : ""), caseSensitive ? void 0 : "i"), params];
}
`;

function load(code: string) {
  return new Function(`let calls = 0; ${code}; return { compilePath, calls: () => calls };`)() as {
    compilePath(path: string, caseSensitive?: boolean, end?: boolean): [RegExp, unknown[]];
    calls(): number;
  };
}

describe("compilePathOnce", () => {
  it("compiles a path once per case and end, and answers the same as before", () => {
    const once = compilePathOnce(MODULE);
    expect(once).toBeDefined();
    const patched = load(once as string);
    const first = patched.compilePath("/drive/all");
    expect(patched.compilePath("/drive/all")).toBe(first);
    expect(patched.compilePath("/drive/all", false, true)).toBe(first);
    expect(patched.compilePath("/drive/all", true)).not.toBe(first);
    expect(patched.compilePath("/drive/all", false, false)).not.toBe(first);
    expect(patched.calls()).toBe(3);
    const plain = load(MODULE).compilePath("/drive/all");
    expect(String(first[0])).toBe(String(plain[0]));
    expect(first[0].test("/DRIVE/ALL")).toBe(true);
  });

  it("leaves a module without compilePath alone", () => {
    expect(compilePathOnce("export const x = 1;")).toBeUndefined();
  });

  it("finds compilePath once in what the browser bundles of the installed React Router", () => {
    const require = createRequire(import.meta.url);
    const dist = path.join(path.dirname(require.resolve("react-router/package.json")), "dist/production");
    const read = (name: string) => readFileSync(path.join(dist, name), "utf8");
    // The browser's entries (the app's imports and HydratedRouter's) and the chunks they import.
    const entries = ["index.mjs", "dom-export.mjs"];
    const modules = new Set(entries);
    for (const entry of entries)
      for (const [, chunk] of read(entry).matchAll(/from "\.\/(chunk-[\w-]+\.mjs)"/g))
        modules.add(chunk as string);
    const declaring = [...modules].filter((name) => compilePathOnce(read(name)) !== undefined);
    expect(declaring).toHaveLength(1);
  });
});
