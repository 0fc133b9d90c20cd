import type { ShareFilesResponse } from "@nimbus/protocol";
import { isbot } from "isbot";
import type { ApiResult } from "../api/client.js";
import { endpointUrl } from "../api/endpoint-url.js";
import { readCookieValue } from "../lib/cookies.js";
import { type ApiFetch, answeredWithin } from "../lib/load-context.js";
import { passcodeTokenCookieName } from "../lib/passcode-cookies.js";
import { type FirstVisit, type VisitQuery, visitEndpoint, visitQuery } from "./share-api.js";

const TIMEOUT_MS = 2000;

/**
 * The visit the page would make first, made on the server as the visitor (their
 * cookies, their passcode token, `s_code` from the link), so the first paint is the
 * passcode prompt, the items or the share's status instead of "Loading…". Null for a
 * bot (a link preview reads only the Open Graph tags, and is not a visit), and when the
 * API does not answer in time: the page then asks from the browser as before.
 */
export async function loadFirstVisit(
  request: Request,
  shareId: string,
  parentIds: readonly string[],
  locale: string,
  api: ApiFetch | undefined,
): Promise<FirstVisit | null> {
  if (!api || isbot(request.headers.get("user-agent"))) return null;
  const cookie = request.headers.get("cookie");
  const passCodeToken = readCookieValue(cookie, passcodeTokenCookieName(shareId)) || undefined;
  const sCode = new URL(request.url).searchParams.get("s_code") || undefined;
  const query: VisitQuery = {
    shareId,
    parentId: parentIds.at(-1),
    passCodeToken,
    passCode: passCodeToken ? undefined : sCode,
  };
  const headers: Record<string, string> = {
    accept: "application/json",
    "accept-language": locale,
    "x-client-id": "nimbus-web",
    ...(cookie && { cookie }),
  };
  try {
    const response = await answeredWithin(
      TIMEOUT_MS,
      api(endpointUrl(visitEndpoint(query), { query: visitQuery(query) }), { headers }),
    );
    const body = (await response.json()) as ShareFilesResponse & {
      error?: string;
      error_description?: string;
    };
    // What the page does not show stays out of its HTML: a locked share's title.
    const shown = body.share_status === "OK" ? body : { ...body, title: "" };
    const result: ApiResult<ShareFilesResponse> = response.ok
      ? { ok: true, data: shown }
      : {
          ok: false,
          error: {
            error: body.error ?? "unknown",
            error_description: body.error_description,
            status: response.status,
          },
        };
    return { query, result };
  } catch {
    return null;
  }
}
