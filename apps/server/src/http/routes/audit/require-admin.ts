import type { FastifyRequest } from "fastify";
import type { Admins } from "../../../modules/audit/admins.js";
import type { AuthService } from "../../../modules/auth/auth-service.js";
import { requireUser, userId } from "../../plugins/authenticate.js";

/** The `onRequest` hooks of every `/audit` call: signed in (401), then an admin (403 `permission_denied`). */
export function requireAdmin(auth: AuthService, admins: Admins) {
  return [
    requireUser(auth),
    async (request: FastifyRequest): Promise<void> => {
      await admins.require(userId(request));
    },
  ];
}
