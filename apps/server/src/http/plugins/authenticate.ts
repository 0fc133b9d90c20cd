import { NimbusError } from "@nimbus/protocol";
import type { FastifyRequest } from "fastify";
import type { AuthService, Principal } from "../../modules/auth/auth-service.js";
import { carriesClientHeaders, sessionCookie } from "./web-session.js";

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

/** The caller behind a bearer token, else behind the browser's session cookie (CSRF-checked). */
async function resolvePrincipal(auth: AuthService, request: FastifyRequest): Promise<Principal> {
  const bearer = bearerToken(request);
  if (bearer) return auth.authenticate(bearer, "bearer");
  const cookie = sessionCookie(request);
  if (!cookie) throw new NimbusError("unauthenticated", "no access token");
  const principal = await auth.authenticate(cookie, "cookie");
  if (!carriesClientHeaders(request)) {
    throw new NimbusError(
      "permission_denied",
      "a state-changing call on a cookie session needs x-client-id and x-device-id",
      {
        metadata: { reason: "CSRF_HEADERS_MISSING" },
      },
    );
  }
  return principal;
}

/** An `onRequest` hook that admits only signed-in callers (else `unauthenticated`, 401). */
export function requireUser(auth: AuthService) {
  return async (request: FastifyRequest): Promise<void> => {
    request.principal = await resolvePrincipal(auth, request);
  };
}

/** An `onRequest` hook that identifies a signed-in caller when there is one; anonymous callers pass. */
export function optionalUser(auth: AuthService) {
  return async (request: FastifyRequest): Promise<void> => {
    if (!bearerToken(request) && !sessionCookie(request)) return;
    request.principal = await resolvePrincipal(auth, request);
  };
}

/** The signed-in user's id; only valid on routes guarded by `requireUser`. */
export function userId(request: FastifyRequest): string {
  if (!request.principal) throw new Error("route is missing the requireUser hook");
  return request.principal.userId;
}
