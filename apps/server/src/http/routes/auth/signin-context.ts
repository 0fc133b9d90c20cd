import { negotiateLocale } from "@nimbus/protocol";
import type { FastifyRequest } from "fastify";
import type { SigninContext } from "../../../modules/accounts/account-service.js";
import type { ClientRegistry } from "../../../modules/clients/client-registry.js";
import { sessionContext, WEB_CLIENT_ID, wantsCookieSession } from "../../plugins/web-session.js";

/** The Accept-Language locale, or undefined when the request names none. */
export function requestLocale(request: FastifyRequest) {
  const header = request.headers["accept-language"];
  return header ? negotiateLocale(header) : undefined;
}

/**
 * Who signs in from where: the client (`client_id` in the body, else `x-client-id`,
 * else the web app) must be registered for sign-in; IP, device and language come
 * from the request. Only a cookie-session client (the web app) asking by
 * `x-client-id` gets the cookie: a body naming another client signs in as that
 * client, with its tokens in the body.
 */
export function signinContext(
  request: FastifyRequest,
  clients: ClientRegistry,
  bodyClientId: string | undefined,
): SigninContext {
  const header = request.headers["x-client-id"];
  const clientId = bodyClientId ?? (typeof header === "string" && header ? header : WEB_CLIENT_ID);
  const client = clients.require(clientId, "signin");
  const where = sessionContext(request);
  return {
    clientId,
    ip: request.ip,
    deviceId: where.deviceId,
    captchaSolved: request.captchaSolved,
    locale: requestLocale(request),
    issue: { cookieSession: wantsCookieSession(request) && client.cookieSession, context: where },
  };
}
