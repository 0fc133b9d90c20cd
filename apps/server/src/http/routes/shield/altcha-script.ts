import { readFile } from "node:fs/promises";
import { createRequire } from "node:module";
import path from "node:path";
import { endpoints } from "@nimbus/protocol";
import { route } from "../../endpoint-route.js";
import type { NimbusApp } from "../../types.js";

let script: Promise<Buffer> | undefined;

/** The ALTCHA widget's own build (its UMD file runs as a classic script), read once on first use. */
function widgetScript(): Promise<Buffer> {
  script ??= (async () => {
    const umd = createRequire(import.meta.url).resolve("altcha");
    return readFile(path.join(path.dirname(umd), "altcha.umd.min.cjs"));
  })();
  return script;
}

/** Serves the widget from this origin (no CDN): the challenge page loads it. */
export function altchaScript(app: NimbusApp): void {
  route(app, endpoints.shield.altchaScript, { schema: { hide: true } }, async (_request, reply) => {
    reply
      .header("content-type", "text/javascript; charset=utf-8")
      .header("cache-control", "public, max-age=86400");
    return widgetScript();
  });
}
