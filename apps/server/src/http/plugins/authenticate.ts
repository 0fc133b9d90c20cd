import { NimbusError, type OAuthScope } from "@nimbus/protocol";
import type { FastifyReply, FastifyRequest } from "fastify";
import type { AuthService, Principal } from "../../modules/auth/auth-service.js";
import { hasScope } from "../../modules/clients/scopes.js";
import type { Admins } from "../../modules/console/admins.js";
import { carriesClientHeaders, sessionContext, sessionCookie, setSessionCookie } from "./web-session.js";

declare module "fastify" {
  interface FastifyRequest {
    principal: Principal | null;
  }
}

/** `Authorization: Bearer <token>` → the token, or undefined. */
export function bearerToken(request: FastifyRequest): string | undefined {
  const header = request.headers.authorization;
  if (!header) return undefined;
  const [scheme, token] = header.split(" ", 2);
  return scheme?.toLowerCase() === "bearer" && token ? token.trim() : undefined;
}

/** The scope a path needs: the drive (`pan`) or the account (`user`). */
function scopeFor(url: string): OAuthScope | undefined {
  if (url.startsWith("/drive/") || url.startsWith("/decompress/")) return "pan";
  if (url.startsWith("/v1/user/")) return "user";
  return undefined;
}

/** The caller behind a bearer token, else behind the browser's session cookie (CSRF-checked). */
async function resolvePrincipal(
  auth: AuthService,
  request: FastifyRequest,
  reply: FastifyReply,
): Promise<Principal> {
  const bearer = bearerToken(request);
  const principal = bearer
    ? await auth.authenticate(bearer, "bearer", sessionContext(request))
    : await authenticateCookie(auth, request, reply);
  const needed = scopeFor(request.url);
  if (needed && !hasScope(principal.scope, needed)) {
    throw new NimbusError("permission_denied", `this token lacks the ${needed} scope`, {
      metadata: { reason: "INSUFFICIENT_SCOPE", scope: needed },
    });
  }
  return principal;
}

async function authenticateCookie(auth: AuthService, request: FastifyRequest, reply: FastifyReply) {
  const cookie = sessionCookie(request);
  if (!cookie) throw new NimbusError("unauthenticated", "no access token");
  const principal = await auth.authenticate(cookie, "cookie", sessionContext(request));
  if (!carriesClientHeaders(request)) {
    throw new NimbusError(
      "permission_denied",
      "a state-changing call on a cookie session needs x-client-id and x-device-id",
      {
        metadata: { reason: "CSRF_HEADERS_MISSING" },
      },
    );
  }
  // Sliding expiry: a session in use keeps its cookie alive.
  if (principal.renewedCookieTtlS) setSessionCookie(request, reply, cookie, principal.renewedCookieTtlS);
  return principal;
}

/** An `onRequest` hook that admits only signed-in callers (else `unauthenticated`, 401). */
export function requireUser(auth: AuthService) {
  return async (request: FastifyRequest, reply: FastifyReply): Promise<void> => {
    request.principal = await resolvePrincipal(auth, request, reply);
  };
}

/**
 * An `onRequest` hook that identifies a signed-in caller when there is one; anonymous
 * callers pass. A session cookie that no longer admits (signed out on another device,
 * expired) makes an anonymous caller too, so that browser can still ask for a sign-in
 * code or open a share; a bad bearer token still answers `unauthenticated`.
 */
export function optionalUser(auth: AuthService) {
  return async (request: FastifyRequest, reply: FastifyReply): Promise<void> => {
    const bearer = bearerToken(request);
    if (!bearer && !sessionCookie(request)) return;
    try {
      request.principal = await resolvePrincipal(auth, request, reply);
    } catch (error) {
      const staleCookie = !bearer && error instanceof NimbusError && error.error === "unauthenticated";
      if (!staleCookie) throw error;
    }
  };
}

/** An `onRequest` hook that admits only admins: signed in (401), then an admin (403 `permission_denied`). */
export function requireAdmin(auth: AuthService, admins: Admins) {
  const signedIn = requireUser(auth);
  return async (request: FastifyRequest, reply: FastifyReply): Promise<void> => {
    await signedIn(request, reply);
    await admins.require(userId(request));
  };
}

/** The signed-in user's id; only valid on routes of the signed-in and admin scopes. */
export function userId(request: FastifyRequest): string {
  if (!request.principal) throw new Error("route is not in the signed-in scope");
  return request.principal.userId;
}

/** The signed-in caller; only valid on routes of the signed-in and admin scopes. */
export function principalOf(request: FastifyRequest): Principal {
  if (!request.principal) throw new Error("route is not in the signed-in scope");
  return request.principal;
}
