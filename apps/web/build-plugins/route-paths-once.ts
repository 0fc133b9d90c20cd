import type { Plugin } from "vite";

/** React Router's path compiler, as 7.x declares it (`lib/router/utils.ts`, bundled in its dist chunks). */
const COMPILE_PATH = "function compilePath(path, caseSensitive = false, end = true) {";

/**
 * `code` with React Router's `compilePath` remembering what it compiled, or undefined when
 * `code` does not declare it. The function is pure: its RegExp has no `g` flag, so it keeps
 * no state between matches, and its callers only read the params list.
 */
export function compilePathOnce(code: string): string | undefined {
  const at = code.indexOf(COMPILE_PATH);
  if (at < 0) return undefined;
  if (code.indexOf(COMPILE_PATH, at + 1) >= 0) throw new Error("compilePath is declared twice");
  const remembered = `var compiledPathsOnce = new Map();
function compilePath(path, caseSensitive = false, end = true) {
  let key = (caseSensitive ? "1" : "0") + (end ? "1" : "0") + path;
  let compiled = compiledPathsOnce.get(key);
  if (!compiled) compiledPathsOnce.set(key, (compiled = compilePathAnew(path, caseSensitive, end)));
  return compiled;
}
function compilePathAnew(path, caseSensitive, end) {`;
  return code.slice(0, at) + remembered + code.slice(at + COMPILE_PATH.length);
}

/**
 * A page load flattens React Router's route table twice while hydrating (`getHydrationData`'s
 * `matchRoutes`, then the router's own branches), and each flattening compiles every route
 * path of every branch into a RegExp again: 306 compilations for our 86 branches
 * (`:locale?` doubles its subtree). With the compilations remembered, the second flattening
 * reuses the first's (decision 0091). The browser bundle only; the build fails if React
 * Router no longer declares `compilePath` as this expects, so an upgrade is looked at.
 */
export function routePathsOncePlugin(): Plugin {
  let patched = false;
  return {
    name: "nimbus-route-paths-once",
    apply: "build",
    transform(code, id) {
      if (this.environment.name !== "client" || !/[\\/]react-router[\\/]dist[\\/]/.test(id)) return null;
      const once = compilePathOnce(code);
      if (once === undefined) return null;
      patched = true;
      return { code: once, map: null };
    },
    buildEnd(error) {
      if (!error && this.environment.name === "client" && !patched)
        this.error("React Router's compilePath was not found: see build-plugins/route-paths-once.ts");
    },
  };
}
