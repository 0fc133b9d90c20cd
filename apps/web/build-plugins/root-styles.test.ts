import type { Rollup } from "vite";
import { describe, expect, it } from "vitest";
import { markRootStylesheets, rootStylesheets } from "./root-styles.js";

const chunk = (fileName: string, facadeModuleId: string | null, imports: string[], css: string[]) =>
  ({
    type: "chunk",
    fileName,
    facadeModuleId,
    imports,
    code: "",
    viteMetadata: { importedCss: new Set(css), importedAssets: new Set() },
  }) as unknown as Rollup.OutputChunk;

function bundleOf(...chunks: Rollup.OutputChunk[]): Rollup.OutputBundle {
  return Object.fromEntries(chunks.map((c) => [c.fileName, c]));
}

describe("rootStylesheets", () => {
  it("collects the root chunk's stylesheets and those of every chunk it imports, not of its siblings", () => {
    const bundle = bundleOf(
      chunk(
        "assets/root.js",
        "/app/app/root.tsx?__react-router-build-client-route",
        ["assets/shell.js"],
        ["assets/root.css"],
      ),
      chunk("assets/shell.js", null, ["assets/framework.js"], ["assets/shell.css"]),
      chunk("assets/framework.js", null, ["assets/shell.js"], []),
      chunk("assets/drive.js", "/app/app/layouts/drive.tsx", ["assets/shell.js"], ["assets/drive.css"]),
    );
    expect([...rootStylesheets(bundle, /\/app\/root\.tsx(\?|$)/)].sort()).toEqual([
      "assets/root.css",
      "assets/shell.css",
    ]);
  });

  it("is empty without a root chunk", () => {
    expect(rootStylesheets(bundleOf(), /\/app\/root\.tsx$/).size).toBe(0);
  });
});

describe("markRootStylesheets", () => {
  const code = [
    'import{a}from"./shell.js";',
    'const __vite__mapDeps=(i,m=__vite__mapDeps,d=(m.f||(m.f=["assets/picker.js","assets/shell.css","assets/drive.css"])))=>i.map(i=>d[i]);',
    'const x="assets/shell.css";',
  ].join("\n");

  it("writes the root's stylesheets in the preload list as React Router links them, with `#`", () => {
    const marked = markRootStylesheets(code, new Set(["assets/shell.css"]));
    expect(marked).toContain('m.f=["assets/picker.js","assets/shell.css#","assets/drive.css"]');
  });

  it("leaves code outside the preload list and other stylesheets alone, and marks once", () => {
    const marked = markRootStylesheets(code, new Set(["assets/shell.css"]));
    expect(marked.split("\n")[2]).toBe('const x="assets/shell.css";');
    expect(markRootStylesheets(marked, new Set(["assets/shell.css"]))).toBe(marked);
  });
});
