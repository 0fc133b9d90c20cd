import type { NimbusApp } from "../types.js";

/** A call of this process's own API (a GET, or a POST of JSON), answered in-process (`apps/web/app/lib/load-context.ts`). */
export type ApiFetch = (
  path: string,
  init?: { method?: "GET" | "POST"; headers?: Record<string, string>; body?: string },
) => Promise<Response>;

/** What the server hands every page render through React Router's load context (a type: it must fit an index signature). */
export type WebLoadContext = {
  /** The nonce of the page's Content-Security-Policy, for the scripts React Router inlines. */
  cspNonce: string;
  apiFetch: ApiFetch;
};

/**
 * The API as a function of a path: Fastify's `inject`, so loaders never open a
 * connection, and never to a host the visitor's request named. Only paths of this
 * server are accepted. Calls come from the visitor's address, so every per-address
 * limit (passcode guesses, anonymous traffic) counts them as the visitor's own.
 */
export function inProcessApi(app: NimbusApp, visitorAddress: string): ApiFetch {
  return async (path, init = {}) => {
    if (!path.startsWith("/") || path.startsWith("//")) throw new TypeError(`not a path: ${path}`);
    const answer = await app.inject({
      method: init.method ?? "GET",
      url: path,
      headers:
        init.body === undefined
          ? (init.headers ?? {})
          : { "content-type": "application/json", ...init.headers },
      ...(init.body === undefined ? {} : { payload: init.body }),
      remoteAddress: visitorAddress,
    });
    const contentType = answer.headers["content-type"];
    const bodiless = answer.statusCode === 204 || answer.statusCode === 304;
    return new Response(bodiless ? null : answer.rawPayload, {
      status: answer.statusCode,
      headers: typeof contentType === "string" ? { "content-type": contentType } : {},
    });
  };
}
