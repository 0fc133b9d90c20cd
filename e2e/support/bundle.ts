import { fileURLToPath } from "node:url";

const ROOT = fileURLToPath(new URL("../../", import.meta.url));

/**
 * Bundles one browser module (a module of apps/web, or a harness page of e2e/)
 * into a script that sets `window[globalName]` to its exports, for journeys that
 * drive a module no page uses yet. Built by Vite, as the app is.
 */
export async function bundleForBrowser(entry: string, globalName: string): Promise<string> {
  const { build } = await import("vite");
  const output = await build({
    root: ROOT,
    configFile: false,
    logLevel: "silent",
    mode: "production",
    define: { "process.env.NODE_ENV": JSON.stringify("production") },
    resolve: {
      alias: {
        "@nimbus/protocol": `${ROOT}packages/protocol/src/index.ts`,
        "@nimbus/texts": `${ROOT}packages/texts/src/index.ts`,
      },
    },
    build: {
      write: false,
      minify: false,
      lib: { entry: `${ROOT}${entry}`, formats: ["iife"], name: globalName, fileName: () => "bundle.js" },
    },
  });
  const results = Array.isArray(output) ? output : [output];
  for (const result of results) {
    if (!("output" in result)) continue;
    const chunk = result.output.find((item) => item.type === "chunk");
    if (chunk && chunk.type === "chunk") return chunk.code;
  }
  throw new Error(`no bundle for ${entry}`);
}
