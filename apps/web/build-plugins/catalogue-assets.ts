import { createHash } from "node:crypto";
import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import type { Plugin } from "vite";
import { compileMessage } from "../../../packages/texts/src/icu/format.js";
import { isShellKey } from "../app/i18n/namespaces.js";

/** The module that names each locale's catalogue asset: `{ "en-US": "/assets/catalogue-en-US-<hash>.json", … }`. */
export const CATALOGUE_MODULE = "virtual:nimbus/catalogues";
const RESOLVED = `\0${CATALOGUE_MODULE}`;
const WEB_TEXTS = fileURLToPath(new URL("../../../packages/texts/src/web/", import.meta.url));
const DEV_PATH = /^\/assets\/catalogue-([A-Za-z-]+)-[\w-]{10}\.json$/;

export interface CatalogueAsset {
  locale: string;
  /** Under the client build, e.g. `assets/catalogue-ja-3QeP0c1x9A.json`. */
  fileName: string;
  /** The page catalogue: every key but the long documents, compiled (what `loadMessages` makes). */
  source: string;
}

/** One asset per locale, named by the hash of its content, so it can be cached for ever. */
export function catalogueAssets(dir = WEB_TEXTS): CatalogueAsset[] {
  return readdirSync(dir)
    .filter((name) => name.endsWith(".json"))
    .sort()
    .map((name) => {
      const locale = path.basename(name, ".json");
      const texts = JSON.parse(readFileSync(path.join(dir, name), "utf8")) as Record<string, string>;
      const compiled = Object.fromEntries(
        Object.entries(texts)
          .filter(([key]) => isShellKey(key))
          .map(([key, text]) => [key, compileMessage(text)]),
      );
      const source = JSON.stringify(compiled);
      const hash = createHash("sha256").update(source).digest("base64url").slice(0, 10);
      return { locale, fileName: `assets/catalogue-${locale}-${hash}.json`, source };
    });
}

/**
 * Emits each locale's page catalogue as a hashed, immutable asset of the client build
 * (decision 0034) and answers `virtual:nimbus/catalogues` with their URLs, in the client
 * and the server build alike. In development the assets are served from memory, rebuilt
 * on each request so edited texts show at once.
 */
export function catalogueAssetsPlugin(dir = WEB_TEXTS): Plugin {
  let built: CatalogueAsset[] | undefined;
  const assets = () => {
    built ??= catalogueAssets(dir);
    return built;
  };
  return {
    name: "nimbus-catalogue-assets",
    resolveId(id) {
      return id === CATALOGUE_MODULE ? RESOLVED : undefined;
    },
    load(id) {
      if (id !== RESOLVED) return undefined;
      const urls = Object.fromEntries(assets().map((asset) => [asset.locale, `/${asset.fileName}`]));
      return `export default ${JSON.stringify(urls)};`;
    },
    generateBundle() {
      if (this.environment.config.consumer !== "client") return;
      for (const asset of assets())
        this.emitFile({ type: "asset", fileName: asset.fileName, source: asset.source });
    },
    configureServer(server) {
      server.middlewares.use((request, response, next) => {
        const locale = DEV_PATH.exec(request.url?.split("?")[0] ?? "")?.[1];
        const asset = locale && catalogueAssets(dir).find((candidate) => candidate.locale === locale);
        if (!asset) return next();
        response.setHeader("content-type", "application/json; charset=utf-8");
        response.setHeader("cache-control", "no-cache");
        response.end(asset.source);
      });
    },
  };
}
