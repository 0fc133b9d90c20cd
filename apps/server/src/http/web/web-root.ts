import path from "node:path";
import { fileURLToPath } from "node:url";

/**
 * The directory of apps/server above `from`: the sources (src/http/web), their tsc
 * output (dist/http/web) and the production bundle (bundle/, scripts/bundle-server.mjs)
 * sit at different depths in it, so the web app is found by name, not by counting levels.
 */
export function webRootAbove(from: string): string {
  for (let dir = from; ; dir = path.dirname(dir)) {
    if (path.basename(dir) === "server") return path.join(path.dirname(dir), "web");
    if (path.dirname(dir) === dir) throw new Error(`no apps/server directory above ${from}`);
  }
}

/** apps/web. */
export const WEB_ROOT = webRootAbove(path.dirname(fileURLToPath(import.meta.url)));
