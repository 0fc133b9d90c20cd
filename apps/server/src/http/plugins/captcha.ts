import { CAPTCHA_TOKEN_HEADER } from "@nimbus/protocol";
import type { FastifyRequest } from "fastify";
import type { CaptchaService } from "../../modules/captcha/captcha-service.js";
import type { NimbusApp } from "../types.js";

declare module "fastify" {
  interface FastifyRequest {
    /** The captcha check let this call through on a solved challenge (risk was seen). */
    captchaSolved: boolean;
  }
}

/** The captcha action of a route: `METHOD:/routerPath`, e.g. `POST:/v1/auth/signin`. */
export function routeAction(request: FastifyRequest): string | undefined {
  const path = request.routeOptions.url;
  return path ? `${request.method}:${path}` : undefined;
}

function header(request: FastifyRequest, name: string): string | undefined {
  const value = request.headers[name];
  return typeof value === "string" && value !== "" ? value : undefined;
}

function bodyField(request: FastifyRequest, name: string): string | undefined {
  const body = request.body;
  if (typeof body !== "object" || body === null) return undefined;
  const value = (body as Record<string, unknown>)[name];
  return typeof value === "string" && value !== "" ? value : undefined;
}

/** The account a call names, for the per-account risk (sign-in, sign-up, codes). */
function namedAccount(request: FastifyRequest): string | undefined {
  return bodyField(request, "username") ?? bodyField(request, "email") ?? bodyField(request, "phone_number");
}

function queryField(request: FastifyRequest, name: string): string | undefined {
  const query = request.query;
  if (typeof query !== "object" || query === null) return undefined;
  const value = (query as Record<string, unknown>)[name];
  return typeof value === "string" && value !== "" ? value : undefined;
}

/**
 * One global check for every action configured to need a captcha (`CAPTCHA_ACTIONS`):
 * route files carry no captcha code. It runs once the body is parsed (the account a
 * sign-in names is part of the risk) and before validation and handlers.
 */
export function registerCaptcha(app: NimbusApp, captcha: CaptchaService): void {
  app.decorateRequest("captchaSolved", false);
  app.addHook("preValidation", async (request) => {
    const action = routeAction(request);
    if (!action || !captcha.protects(action)) return;
    request.captchaSolved = await captcha.check({
      action,
      token: header(request, CAPTCHA_TOKEN_HEADER),
      deviceId: header(request, "x-device-id") ?? bodyField(request, "device_id") ?? "",
      clientId: header(request, "x-client-id") ?? bodyField(request, "client_id"),
      ip: request.ip,
      account: namedAccount(request),
      shareId: queryField(request, "share_id") ?? bodyField(request, "share_id"),
    });
  });
}
