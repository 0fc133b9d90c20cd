import type { DriveFileList } from "@nimbus/protocol";
import { requestLocale } from "../../i18n/locale-url.js";
import { applyDisplayQuery, DEFAULT_DISPLAY_MODE } from "../../lib/display-mode.js";
import { internalOrigin } from "../../shares/link-preview.server.js";
import { listUrl } from "./api.js";
import type { FirstPage } from "./first-page.js";
import { listRequest, requestKey, viewFromUrl } from "./list-query.js";

/** The web session cookie the server sets on a web sign-in (apps/server http/plugins/web-session.ts). */
const SESSION_COOKIE = /(?:^|;\s*)nimbus_session=/;
const TIMEOUT_MS = 1500;

/**
 * The first page of a drive list, asked of this process over loopback with the
 * visitor's own session cookie, so the server render already has the rows. Uses the
 * default display mode with the URL's `?order=` (the stored mode lives in the
 * browser; when it differs, the browser asks again). Nothing without a session, on
 * any failure, or after the time limit: the browser then loads the list itself.
 */
export async function loadFirstPage(
  request: Request,
  fetcher: typeof fetch = fetch,
): Promise<FirstPage | null> {
  const cookie = request.headers.get("cookie") ?? "";
  if (!SESSION_COOKIE.test(cookie)) return null;
  const url = new URL(request.url);
  const view = viewFromUrl(url.pathname, url.searchParams);
  if (!view) return null;
  const list = listRequest(view, applyDisplayQuery({ ...DEFAULT_DISPLAY_MODE }, url.searchParams));
  try {
    const response = await fetcher(`${internalOrigin(process.env, url.origin)}${listUrl(list)}`, {
      headers: { accept: "application/json", cookie, "accept-language": requestLocale(request) },
      signal: AbortSignal.timeout(TIMEOUT_MS),
    });
    if (!response.ok) return null;
    const body = (await response.json()) as DriveFileList;
    return body.kind === "drive#fileList" ? { key: requestKey(list), list: body } : null;
  } catch {
    return null;
  }
}
