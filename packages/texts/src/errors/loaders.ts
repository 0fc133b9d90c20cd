import type { TextCatalogue } from "../catalogue.js";

/**
 * The error descriptions, one lazy loader per locale: each is its own dynamic import, so a
 * bundler emits one chunk per locale and a browser fetches only the locale it shows.
 * Keys are the catalogue's error names plus `_default`, `_network` and `_too_frequent`.
 */
export const ERROR_TEXT_LOADERS: Record<string, () => Promise<{ default: TextCatalogue }>> = {
  "en-US": () => import("./en-US.js"),
  es: () => import("./es.js"),
  id: () => import("./id.js"),
  ja: () => import("./ja.js"),
  ko: () => import("./ko.js"),
  ms: () => import("./ms.js"),
  pt: () => import("./pt.js"),
  ru: () => import("./ru.js"),
  uk: () => import("./uk.js"),
  "zh-CN": () => import("./zh-CN.js"),
  "zh-TW": () => import("./zh-TW.js"),
};
