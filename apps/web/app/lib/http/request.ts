import { NimbusError } from "@nimbus/protocol";
import { type Sleep, timerSleep } from "../platform.js";
import { ApiError, apiErrorFromBody, isErrorBody } from "./api-error.js";

/** Spec §5, §9: the retry option is 0–4 extra attempts, 2 by default, 300 ms apart. */
export const DEFAULT_RETRY = 2;
export const MAX_RETRY = 4;
export const RETRY_PAUSE_MS = 300;

export interface FetchInit {
  method: string;
  headers: Record<string, string>;
  body?: string;
  credentials: "include" | "omit" | "same-origin";
  mode: "cors";
  signal?: AbortSignal;
}

/** What the helper needs of a response; the platform `Response` fits. */
export interface FetchResponse {
  readonly ok: boolean;
  readonly status: number;
  text(): Promise<string>;
}

/** The platform `fetch` fits. */
export type FetchLike = (url: string, init: FetchInit) => Promise<FetchResponse>;

export type QueryValue = string | number | boolean | null | undefined;

export interface RequestOptions {
  /** Default `GET`. */
  method?: string;
  /** A path on the API origin (`/drive/v1/about`), or an absolute URL, which is never rotated. */
  path: string;
  query?: Record<string, QueryValue>;
  /** Sent as JSON. */
  body?: unknown;
  headers?: Record<string, string>;
  /** Extra attempts after the first on a retryable failure: an integer 0–4, default 2. */
  retry?: number;
  /** Default `include`; region and access checks go without credentials (spec §6). */
  credentials?: FetchInit["credentials"];
  signal?: AbortSignal;
}

export interface RequestClientConfig {
  /** API origins, tried in turn: each retry moves on to the next one. */
  origins: readonly string[];
  /** The current locale, sent as `Accept-Language`. */
  locale: () => string;
  fetch?: FetchLike;
  sleep?: Sleep;
}

export interface RequestClient {
  <T = unknown>(options: RequestOptions): Promise<T>;
  /** The origin the next request starts on. */
  readonly origin: string;
}

/**
 * Retried: a network failure (`unreachable`) and any 5xx answer. Final: 4xx answers,
 * error bodies under any other status, unreadable 2xx answers, aborts and local errors.
 */
export function isRetryable(error: unknown): boolean {
  if (error instanceof ApiError) return error.status >= 500 && error.status <= 599;
  return error instanceof NimbusError && error.error === "unreachable";
}

function validateRetry(retry: unknown): number {
  if (retry === undefined) return DEFAULT_RETRY;
  if (typeof retry !== "number" || !Number.isInteger(retry) || retry < 0 || retry > MAX_RETRY) {
    throw new NimbusError("local", "wrong options param: retry");
  }
  return retry;
}

function buildUrl(origin: string, path: string, query: Record<string, QueryValue> | undefined): string {
  const absolute = /^[a-z][a-z\d+.-]*:\/\//i.test(path);
  const url = absolute ? path : `${origin.replace(/\/+$/, "")}/${path.replace(/^\/+/, "")}`;
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query ?? {})) {
    if (value !== undefined && value !== null) params.append(key, String(value));
  }
  const search = params.toString();
  if (!search) return url;
  return `${url}${url.includes("?") ? "&" : "?"}${search}`;
}

/** The failure for a non-2xx answer that carried no error body (a proxy page, say). */
function statusError(status: number, uri: string): ApiError {
  const name = status >= 500 ? "unavailable" : "unknown";
  return apiErrorFromBody({ error: name, error_description: `HTTP ${status}` }, status, uri);
}

/**
 * The request helper of spec §7: JSON in and out, `Accept-Language`, cookies
 * (`credentials: include`) in CORS mode. A body with an `error` field is a
 * failure, thrown as `ApiError`; a network failure is `unreachable`. Network
 * failures and 5xx answers are retried `retry` times, 300 ms apart, each retry on
 * the next API origin; the client stays on the origin it reached last.
 */
export function createRequestClient(config: RequestClientConfig): RequestClient {
  if (config.origins.length === 0) throw new NimbusError("local", "wrong options param: origins");
  // Called as a plain function: a browser's fetch throws when `this` is not the window.
  const doFetch: FetchLike = config.fetch ?? ((url, init) => globalThis.fetch(url, init));
  const sleep = config.sleep ?? timerSleep;
  let cursor = 0;

  async function attempt(url: string, uri: string, init: FetchInit): Promise<unknown> {
    let text: string;
    let status: number;
    let ok: boolean;
    try {
      const response = await doFetch(url, init);
      ({ status, ok } = response);
      text = await response.text();
    } catch (cause) {
      if (init.signal?.aborted) throw new NimbusError("cancelled", "request aborted", { cause });
      throw new NimbusError("unreachable", cause instanceof Error ? cause.message : String(cause), { cause });
    }
    let body: unknown;
    let parsed = true;
    if (text.trim() !== "") {
      try {
        body = JSON.parse(text);
      } catch {
        parsed = false;
      }
    }
    if (isErrorBody(body)) throw apiErrorFromBody(body, status, uri);
    if (!ok) throw statusError(status, uri);
    if (!parsed) throw new NimbusError("unknown", `invalid JSON answer from ${uri}`);
    return body;
  }

  const request = async <T>(options: RequestOptions): Promise<T> => {
    const retry = validateRetry(options.retry);
    const headers: Record<string, string> = { "Accept-Language": config.locale() };
    const init: FetchInit = {
      method: (options.method ?? "GET").toUpperCase(),
      headers,
      credentials: options.credentials ?? "include",
      mode: "cors",
    };
    if (options.body !== undefined) {
      headers["Content-Type"] = "application/json";
      init.body = JSON.stringify(options.body);
    }
    Object.assign(headers, options.headers);
    if (options.signal) init.signal = options.signal;
    const uri = options.path.split("?")[0] ?? options.path;

    for (let attemptIndex = 0; ; attemptIndex++) {
      if (attemptIndex > 0) {
        await sleep(RETRY_PAUSE_MS);
        cursor = (cursor + 1) % config.origins.length;
      }
      if (options.signal?.aborted) throw new NimbusError("cancelled", "request aborted");
      const origin = config.origins[cursor] as string;
      try {
        return (await attempt(buildUrl(origin, options.path, options.query), uri, init)) as T;
      } catch (error) {
        if (attemptIndex >= retry || !isRetryable(error)) throw error;
      }
    }
  };

  return Object.defineProperty(request, "origin", {
    get: () => config.origins[cursor] as string,
  }) as RequestClient;
}
