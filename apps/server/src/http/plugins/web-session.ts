// The cookie plugin's declarations add `setCookie`/`cookies` to Fastify's request and reply types.
import type {} from "@fastify/cookie";
import type { GrantTokenResponse } from "@nimbus/protocol";
import type { FastifyReply, FastifyRequest } from "fastify";
import type { IssuedTokens } from "../../modules/auth/auth-service.js";
import type { SessionContext } from "../../modules/auth/sessions-repository.js";
import { hasScope } from "../../modules/clients/scopes.js";

/** The browser app's client id (`apps/web/app/api/client.ts` sends it as `x-client-id`). */
export const WEB_CLIENT_ID = "nimbus-web";
/** httpOnly: page scripts never see the token, so an injected script cannot carry it away. */
export const SESSION_COOKIE = "nimbus_session";

const SAFE_METHODS = new Set(["GET", "HEAD", "OPTIONS"]);

/** Sign-in calls from the web app get a cookie session instead of tokens in the body. */
export function wantsCookieSession(request: FastifyRequest): boolean {
  return request.headers["x-client-id"] === WEB_CLIENT_ID;
}

/** Where a request comes from, recorded on the session it signs in or uses. */
export function sessionContext(request: FastifyRequest): SessionContext {
  const device = request.headers["x-device-id"];
  const agent = request.headers["user-agent"];
  return {
    deviceId: typeof device === "string" ? device.slice(0, 128) : "",
    ip: request.ip ?? "",
    userAgent: typeof agent === "string" ? agent.slice(0, 512) : "",
  };
}

/**
 * The answer to a sign-in: for the web app the access token goes into the session
 * cookie and the body keeps only who signed in and for how long; other clients get
 * their tokens in the body (the refresh token only with the `offline` scope).
 */
export function answerTokens(
  request: FastifyRequest,
  reply: FastifyReply,
  tokens: IssuedTokens,
  cookie = wantsCookieSession(request),
): GrantTokenResponse {
  if (!cookie) {
    return {
      token_type: tokens.token_type,
      access_token: tokens.access_token,
      ...(hasScope(tokens.scope, "offline") ? { refresh_token: tokens.refresh_token } : {}),
      expires_in: tokens.expires_in,
      sub: tokens.sub,
      scope: tokens.scope,
    };
  }
  setSessionCookie(request, reply, tokens.access_token, tokens.expires_in);
  return {
    token_type: tokens.token_type,
    expires_in: tokens.expires_in,
    sub: tokens.sub,
    scope: tokens.scope,
  };
}

export function setSessionCookie(
  request: FastifyRequest,
  reply: FastifyReply,
  token: string,
  maxAgeS: number,
): void {
  reply.setCookie(SESSION_COOKIE, token, {
    path: "/",
    httpOnly: true,
    sameSite: "lax",
    secure: request.protocol === "https",
    maxAge: maxAgeS,
  });
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
