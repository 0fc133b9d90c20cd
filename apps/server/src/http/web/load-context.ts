import { SESSION_COOKIE } from "../plugins/web-session.js";
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
  /** False for React Router's data requests (a client navigation's `.data`), true for a page load. */
  documentRequest: boolean;
};

/**
 * The API as a function of a path: Fastify's `inject`, so loaders never open a
 * connection, and never to a host the visitor's request named. Only paths of this
 * server are accepted. Calls come from the visitor's address, so every per-address
 * limit (passcode guesses, anonymous traffic) counts them as the visitor's own.
 *
 * A call on the visitor's session cookie may renew it (the session slides on use):
 * that `Set-Cookie` goes to `renewCookie`, for the page's own answer. Dropped, the
 * browser's cookie would expire on its old date while the session lived on.
 */
export function inProcessApi(
  app: NimbusApp,
  visitorAddress: string,
  renewCookie: (setCookie: string) => void = () => {},
): ApiFetch {
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
    for (const line of [answer.headers["set-cookie"] ?? []].flat())
      if (line.startsWith(`${SESSION_COOKIE}=`)) renewCookie(line);
    const contentType = answer.headers["content-type"];
    const bodiless = answer.statusCode === 204 || answer.statusCode === 304;
    return new Response(bodiless ? null : answer.rawPayload, {
      status: answer.statusCode,
      headers: typeof contentType === "string" ? { "content-type": contentType } : {},
    });
  };
}
