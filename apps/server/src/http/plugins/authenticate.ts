import type { FastifyRequest } from "fastify";
import type { AuthService, Principal } from "../../modules/auth/auth-service.js";

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

/** An `onRequest` hook that admits only signed-in callers (else `unauthenticated`, 401). */
export function requireUser(auth: AuthService) {
  return async (request: FastifyRequest): Promise<void> => {
    request.principal = await auth.authenticate(bearerToken(request));
  };
}

/** The signed-in user's id; only valid on routes guarded by `requireUser`. */
export function userId(request: FastifyRequest): string {
  if (!request.principal) throw new Error("route is missing the requireUser hook");
  return request.principal.userId;
}
