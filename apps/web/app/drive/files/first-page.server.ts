import type { nimbusApi } from "@nimbus/protocol";
import type { EndpointAnswer } from "../../api/endpoint-url.js";
import { requestLocale } from "../../i18n/locale-url.js";
import { readCookieValue, SESSION_COOKIE } from "../../lib/cookies.js";
import { applyDisplayQuery, DEFAULT_DISPLAY_MODE } from "../../lib/display-mode.js";
import { type ApiFetch, answeredWithin } from "../../lib/load-context.js";
import { listUrl } from "./api.js";
import type { FirstPage } from "./first-page.js";
import { listRequest, requestKey, viewFromUrl } from "./list-query.js";

const TIMEOUT_MS = 1500;

/**
 * The first page of a drive list, asked of this process in-process with the
 * visitor's own session cookie, so the server render already has the rows. Uses the
 * default display mode with the URL's `?order=` (the stored mode lives in the
 * browser; when it differs, the browser asks again). Nothing without a session, on
 * any failure, or after the time limit: the browser then loads the list itself.
 */
export async function loadFirstPage(request: Request, api: ApiFetch | undefined): Promise<FirstPage | null> {
  if (!api) return null;
  const cookie = request.headers.get("cookie") ?? "";
  if (readCookieValue(cookie, SESSION_COOKIE) === undefined) return null;
  const url = new URL(request.url);
  const view = viewFromUrl(url.pathname, url.searchParams);
  if (!view) return null;
  const list = listRequest(view, applyDisplayQuery({ ...DEFAULT_DISPLAY_MODE }, url.searchParams));
  try {
    const response = await answeredWithin(
      TIMEOUT_MS,
      api(listUrl(list), {
        headers: { accept: "application/json", cookie, "accept-language": requestLocale(request) },
      }),
    );
    if (!response.ok) return null;
    const body = (await response.json()) as EndpointAnswer<typeof nimbusApi.drive.listFiles>;
    return body.kind === "drive#fileList" ? { key: requestKey(list), list: body } : null;
  } catch {
    return null;
  }
}
