import type { FastifyRequest } from "fastify";
import { userId } from "../../plugins/authenticate.js";

/** Who acts, and from where, for the admin log. */
export function adminActor(request: FastifyRequest): { adminId: string; ip: string } {
  return { adminId: userId(request), ip: request.ip };
}
