import type { DriveFileList } from "@nimbus/protocol";
import { nimbusApi } from "@nimbus/protocol";
import { type ApiResult, callEndpoint } from "../../api/client.js";
import { documentCookieJar, USER_ID_COOKIE } from "../../lib/cookies.js";
import { applyDisplayQuery, loadDisplayMode } from "../../lib/display-mode.js";
import { listQuery } from "./api.js";
import { listRequest, requestKey, viewFromUrl } from "./list-query.js";

interface EarlyList {
  key: string;
  result: Promise<ApiResult<DriveFileList>>;
}

let early: EarlyList | undefined;

/**
 * Starts the first page's request as soon as this chunk is evaluated, before React
 * hydrates the page (about a quarter of a second on a small machine); the list hook
 * takes it over when it asks for the same request. Only for a page load, once.
 */
function startEarly(): EarlyList | undefined {
  // The server rendered the first page already (its loader fetched it).
  if (typeof window === "undefined" || document.querySelector("[data-first-page]")) return undefined;
  try {
    const view = viewFromUrl(window.location.pathname, new URLSearchParams(window.location.search));
    if (!view) return undefined;
    const jar = documentCookieJar(document);
    const mode = applyDisplayQuery(
      loadDisplayMode(localStorage, jar.get(USER_ID_COOKIE)),
      window.location.search,
    );
    const request = listRequest(view, mode);
    const locale = document.documentElement.lang || "en-US";
    return {
      key: requestKey(request),
      result: callEndpoint(nimbusApi.drive.listFiles, { query: listQuery(request), locale }),
    };
  } catch {
    return undefined;
  }
}

early = startEarly();

/** The early first page when it is for `key` (given out once). */
export function takeEarlyList(key: string): Promise<ApiResult<DriveFileList>> | undefined {
  if (!early || early.key !== key) return undefined;
  const { result } = early;
  early = undefined;
  return result;
}
