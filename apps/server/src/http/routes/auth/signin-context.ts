import { negotiateLocale } from "@nimbus/protocol";
import type { FastifyRequest } from "fastify";
import type { SigninContext } from "../../../modules/accounts/account-service.js";
import type { ClientRegistry } from "../../../modules/clients/client-registry.js";
import { sessionOptions, WEB_CLIENT_ID } from "../../plugins/web-session.js";

/** The Accept-Language locale, or undefined when the request names none. */
export function requestLocale(request: FastifyRequest) {
  const header = request.headers["accept-language"];
  return header ? negotiateLocale(header) : undefined;
}

/**
 * Who signs in from where: the client (`client_id` in the body, else `x-client-id`,
 * else the web app) must be registered for sign-in; IP, device and language come
 * from the request.
 */
export function signinContext(
  request: FastifyRequest,
  clients: ClientRegistry,
  bodyClientId: string | undefined,
): SigninContext {
  const header = request.headers["x-client-id"];
  const clientId = bodyClientId ?? (typeof header === "string" && header ? header : WEB_CLIENT_ID);
  clients.require(clientId, "signin");
  const device = request.headers["x-device-id"];
  return {
    clientId,
    ip: request.ip,
    deviceId: typeof device === "string" ? device.slice(0, 128) : "",
    locale: requestLocale(request),
    issue: sessionOptions(request),
  };
}
