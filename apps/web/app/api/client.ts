import { type EndpointRef, methodOf, NimbusError } from "@nimbus/protocol";
import type { Translate } from "../i18n/i18n.js";
import { type EndpointAnswer, type EndpointInput, endpointUrl } from "./endpoint-url.js";

export { type EndpointAnswer, type EndpointInput, endpointUrl };

import { getDeviceId } from "../lib/device-id.js";
import { ApiError } from "../lib/http/api-error.js";
import { createRequestClient } from "../lib/http/request.js";
import { memoryStorage } from "../lib/platform.js";

/** What the pages need of a failure: the error name, the server's description, the HTTP status (0: none). */
export interface ApiFailure {
  error: string;
  error_description?: string;
  status: number;
}

export type ApiResult<T> = { ok: true; data: T } | { ok: false; error: ApiFailure };

const CLIENT_ID = "nimbus-web";

/** One call of a contract endpoint from the browser (see `callApi`), typed by the contract. */
export function callEndpoint<R extends EndpointRef>(
  endpoint: R,
  { locale, signal, ...input }: EndpointInput<R> & { locale: string; signal?: AbortSignal },
): Promise<ApiResult<EndpointAnswer<R>>> {
  return callApi<EndpointAnswer<R>>(endpointUrl(endpoint, input), {
    method: methodOf(endpoint),
    body: input.body,
    locale,
    signal,
  });
}

function browserStorage() {
  try {
    return localStorage;
  } catch {
    return memoryStorage();
  }
}

/**
 * One call to the Nimbus API from the browser through the spec §7 request helper
 * (lib/http/request.ts: JSON, cookies, Accept-Language, retries), with the client
 * and device headers. Returns data or the failure instead of throwing.
 */
async function callApi<T>(
  path: string,
  {
    method = "GET",
    body,
    locale,
    signal,
  }: { method?: string; body?: unknown; locale: string; signal?: AbortSignal },
): Promise<ApiResult<T>> {
  const request = createRequestClient({ origins: [""], locale: () => locale });
  try {
    const data = await request<T>({
      path,
      method,
      body,
      signal,
      headers: { "x-client-id": CLIENT_ID, "x-device-id": getDeviceId(browserStorage()) },
    });
    return { ok: true, data };
  } catch (error) {
    if (signal?.aborted) throw error;
    if (error instanceof ApiError) {
      const failure = {
        error: error.body.error,
        error_description: error.body.error_description,
        status: error.status,
      };
      // A 404 with no error body (nothing serves this path at all) means the same as an unknown API route.
      const missing = error.status === 404 && /^HTTP 404$/.test(failure.error_description);
      return { ok: false, error: missing ? { error: "route_not_found", status: 404 } : failure };
    }
    const name = error instanceof NimbusError ? error.error : "unknown";
    return { ok: false, error: { error: name, status: 0 } };
  }
}

/**
 * The text to show for a failed call: the server's own `error_description` (already in
 * the page's language), except for an API this server does not offer yet, a call that
 * never reached it, or an answer without a description.
 */
export function errorText(error: ApiFailure, t: Translate): string {
  if (error.error === "unreachable")
    return t(typeof navigator !== "undefined" && !navigator.onLine ? "offline.action" : "api.unreachable");
  if (error.error === "route_not_found") return t("api.notAvailable");
  // A bare status line (a proxy's page, a crashed upstream) is no sentence for a person.
  if (!error.error_description || /^HTTP \d+$/.test(error.error_description))
    return t(error.status >= 500 ? "api.serverError" : "api.unknown");
  return error.error_description;
}
