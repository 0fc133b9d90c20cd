import type { Plugin, Rollup } from "vite";

type OutputBundle = Rollup.OutputBundle;
type OutputChunk = Rollup.OutputChunk;

/**
 * The stylesheets of the root route: those of its chunk and of every chunk it imports
 * statically. React Router links them on every page and never removes them.
 */
export function rootStylesheets(bundle: OutputBundle, rootModule: RegExp): Set<string> {
  const chunks = new Map<string, OutputChunk>();
  for (const output of Object.values(bundle))
    if (output.type === "chunk") chunks.set(output.fileName, output);
  const root = [...chunks.values()].find(
    (chunk) => chunk.facadeModuleId && rootModule.test(chunk.facadeModuleId),
  );
  const styles = new Set<string>();
  const seen = new Set<string>();
  const visit = (chunk: OutputChunk | undefined) => {
    if (!chunk || seen.has(chunk.fileName)) return;
    seen.add(chunk.fileName);
    for (const css of chunk.viteMetadata?.importedCss ?? []) styles.add(css);
    for (const imported of chunk.imports) visit(chunks.get(imported));
  };
  visit(root);
  return styles;
}

const MAP_DEPS = /const __vite__mapDeps=[^\n]*/;

/**
 * `code` with each of `styles` in its `__vite__mapDeps` list written as React Router links it:
 * with a trailing `#` (decision 0086).
 */
export function markRootStylesheets(code: string, styles: ReadonlySet<string>): string {
  return code.replace(MAP_DEPS, (mapDeps) =>
    mapDeps.replace(/"([^"#]+\.css)"/g, (quoted, file: string) => (styles.has(file) ? `"${file}#"` : quoted)),
  );
}

/**
 * React Router links a route's stylesheet as `<file>#` when a dynamic import also needs it, so
 * that Vite's preload inserts a `<link>` of its own that outlives the route's. For the root route,
 * which never goes, that second link is only cost: the first dialog, preview or upload opened
 * loaded `shell.css` again, restyled the whole page and moved it after the route stylesheets in
 * the cascade. Naming the root's stylesheets as React Router does lets Vite's preload find the
 * link already there (it compares resolved `href`s, fragment included).
 */
export function rootStylesPlugin(rootModule = /\/app\/root\.tsx(\?|$)/): Plugin {
  return {
    name: "nimbus-root-styles",
    apply: "build",
    // After Vite's own generateBundle, which writes the `__vite__mapDeps` lists.
    generateBundle: {
      order: "post",
      handler(_options, bundle) {
        if (this.environment.name !== "client") return;
        const styles = rootStylesheets(bundle, rootModule);
        for (const output of Object.values(bundle)) {
          if (output.type === "chunk" && output.code.includes("__vite__mapDeps")) {
            output.code = markRootStylesheets(output.code, styles);
          }
        }
      },
    },
  };
}
