import type { TokenResponse } from "@nimbus/protocol";
import type { FastifyReply, FastifyRequest } from "fastify";
import type { IssuedTokens } from "../../modules/auth/auth-service.js";

/** The browser app's client id (`apps/web/app/api/client.ts` sends it as `x-client-id`). */
export const WEB_CLIENT_ID = "nimbus-web";
/** httpOnly: page scripts never see the token, so an injected script cannot carry it away. */
export const SESSION_COOKIE = "nimbus_session";

const SAFE_METHODS = new Set(["GET", "HEAD", "OPTIONS"]);

/** Sign-in calls from the web app get a cookie session instead of tokens in the body. */
export function wantsCookieSession(request: FastifyRequest): boolean {
  return request.headers["x-client-id"] === WEB_CLIENT_ID;
}

/**
 * The answer to a sign-in: for the web app the access token goes into the session
 * cookie and the body keeps only who signed in and for how long; other clients get
 * their tokens in the body.
 */
export function answerTokens(
  request: FastifyRequest,
  reply: FastifyReply,
  tokens: IssuedTokens,
): TokenResponse {
  if (!wantsCookieSession(request)) return tokens;
  reply.setCookie(SESSION_COOKIE, tokens.access_token, {
    path: "/",
    httpOnly: true,
    sameSite: "lax",
    secure: request.protocol === "https",
    maxAge: tokens.expires_in,
  });
  return { token_type: tokens.token_type, expires_in: tokens.expires_in, sub: tokens.sub };
}

export function clearSessionCookie(request: FastifyRequest, reply: FastifyReply): void {
  reply.clearCookie(SESSION_COOKIE, {
    path: "/",
    httpOnly: true,
    sameSite: "lax",
    secure: request.protocol === "https",
  });
}

export function sessionCookie(request: FastifyRequest): string | undefined {
  return request.cookies[SESSION_COOKIE] || undefined;
}

/**
 * CSRF: a cross-site form or image request can carry the cookie but cannot set custom
 * headers without a CORS preflight (which this server never grants), so a state-changing
 * call on a cookie session must carry the client headers.
 */
export function carriesClientHeaders(request: FastifyRequest): boolean {
  if (SAFE_METHODS.has(request.method)) return true;
  return Boolean(request.headers["x-client-id"]) && Boolean(request.headers["x-device-id"]);
}
