import { createHash } from "node:crypto";
import { matchLocale, negotiateLocale } from "@nimbus/protocol";
import type { FastifyReply, FastifyRequest } from "fastify";
import type { ConfigCaller } from "../../../modules/remote-config/remote-config-service.js";

/** Pages ask on every load; a minute keeps an admin's change visible soon without a request per page. */
const CACHE_CONTROL = "private, max-age=60";

/** The caller of a `/config/v1/*` call: `data.language` first, else Accept-Language; the signed-in user, else `data.userid`. */
export function configCaller(
  request: FastifyRequest,
  data: { language?: string | undefined; uuid?: string | undefined; userid?: string | undefined },
): ConfigCaller {
  const locale =
    (data.language ? matchLocale(data.language) : undefined) ??
    negotiateLocale(request.headers["accept-language"]);
  const userId = request.principal?.userId ?? data.userid;
  return { locale, ...(userId ? { userId } : {}), ...(data.uuid ? { deviceId: data.uuid } : {}) };
}

/**
 * Answers `body` with a strong ETag of its own bytes (so locale, caller and the live
 * windows are all in it) and a short private cache; a matching If-None-Match gets 304.
 */
export function answerWithValidator<T>(
  request: FastifyRequest,
  reply: FastifyReply,
  body: T,
): T | FastifyReply {
  const etag = `"${createHash("sha256").update(JSON.stringify(body)).digest("base64url").slice(0, 27)}"`;
  reply
    .header("etag", etag)
    .header("cache-control", CACHE_CONTROL)
    .header("vary", "accept-language, cookie, authorization");
  const ifNoneMatch = request.headers["if-none-match"];
  if (ifNoneMatch?.split(",").some((tag) => tag.trim().replace(/^W\//, "") === etag)) {
    return reply.code(304).send();
  }
  return body;
}
