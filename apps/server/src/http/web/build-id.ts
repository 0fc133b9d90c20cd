import { readdirSync, statSync } from "node:fs";
import path from "node:path";
import { WEB_ROOT } from "./web-root.js";

const MANIFEST = /^manifest-([\w-]+)\.js$/;

/**
 * The id of the web build on disk: the version in the name of React Router's client
 * manifest (`build/client/assets/manifest-<version>.js`), the same value a page holds as
 * `window.__reactRouterManifest.version`. The newest one wins; null without a build.
 */
export function webBuildId(webRoot = WEB_ROOT): string | null {
  const assets = path.join(webRoot, "build/client/assets");
  let names: string[];
  try {
    names = readdirSync(assets);
  } catch {
    return null;
  }
  let newest: { id: string; at: number } | null = null;
  for (const name of names) {
    const id = MANIFEST.exec(name)?.[1];
    if (!id) continue;
    const at = statSync(path.join(assets, name)).mtimeMs;
    if (!newest || at > newest.at) newest = { id, at };
  }
  return newest?.id ?? null;
}
