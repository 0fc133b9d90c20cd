import {
  ERROR_INFO_TYPE,
  type ErrorBody,
  LOCALIZED_MESSAGE_TYPE,
  NimbusError,
  negotiateLocale,
} from "@nimbus/protocol";
import type { FastifyError, FastifyReply, FastifyRequest } from "fastify";
import { hasZodFastifySchemaValidationErrors, isResponseSerializationError } from "fastify-type-provider-zod";
import { storageFailure } from "../lib/storage-failure.js";
import type { ErrorLocalizer } from "./error-localizer.js";
import type { NimbusApp } from "./types.js";

/**
 * One error shape for every failure: `{error, error_code, error_description,
 * error_uri, details}`, status from the catalogue, description localized from
 * Accept-Language. A full or unwritable disk is `insufficient_storage` or
 * `unavailable`; other unexpected errors become `internal`. Their detail (paths
 * included) stays in the log.
 */
export function installErrorHandler(
  app: NimbusApp,
  localizer: ErrorLocalizer,
  /** Told when a request failed because the server's storage is full (the spare is released). */
  onStorageFull: () => Promise<void> = async () => {},
): void {
  app.setNotFoundHandler((request, reply) => {
    const path = requestPath(request);
    const error = new NimbusError("route_not_found", `no route ${request.method} ${path}`, {
      params: { method: request.method, path },
    });
    return sendError(request, reply, error, localizer);
  });

  app.setErrorHandler(async (raw: FastifyError, request, reply) => {
    const error = toNimbusError(raw);
    if (error.error === "internal") request.log.error({ err: raw }, "unexpected error");
    else if (storageFailure(raw))
      request.log.error({ err: raw }, error.message); // operators must see a full disk
    else if (error.status >= 500) request.log.warn({ err: raw }, error.message);
    else request.log.info({ error: error.error, reason: error.message }, "request failed");
    if (error.error === "insufficient_storage") await onStorageFull().catch(() => {});
    return sendError(request, reply, error, localizer);
  });
}

export function sendError(
  request: FastifyRequest,
  reply: FastifyReply,
  error: NimbusError,
  localizer: ErrorLocalizer,
) {
  const locale = negotiateLocale(request.headers["accept-language"]);
  const description = localizer.describe(error.error, locale, error.params);
  const body: ErrorBody = {
    error: error.error,
    error_code: error.code,
    error_description: description,
    error_uri: requestPath(request),
    details: [
      {
        "@type": ERROR_INFO_TYPE,
        reason: error.error,
        domain: "nimbus",
        ...(error.metadata ? { metadata: error.metadata } : {}),
      },
      { "@type": LOCALIZED_MESSAGE_TYPE, locale, message: description },
    ],
  };
  // A body left unread (a refused upload) would keep arriving on a kept-alive connection: close it.
  if (request.raw.complete === false) reply.header("connection", "close");
  return reply
    .code(error.status)
    .header("content-language", locale)
    .type("application/json; charset=utf-8")
    .send(body);
}

function toNimbusError(error: FastifyError): NimbusError {
  if (error instanceof NimbusError) return error;
  if (hasZodFastifySchemaValidationErrors(error)) {
    const first = error.validation[0];
    const field = first?.instancePath.replace(/^\//, "").replaceAll("/", ".") ?? "";
    return new NimbusError("invalid_argument", `${error.validationContext ?? "request"}: ${error.message}`, {
      metadata: {
        location: error.validationContext ?? "request",
        ...(field ? { field } : {}),
        reason: first?.message ?? error.message,
      },
      cause: error,
    });
  }
  if (isResponseSerializationError(error))
    return new NimbusError("internal", error.message, { cause: error });
  switch (error.code) {
    case "FST_ERR_CTP_INVALID_MEDIA_TYPE":
      return new NimbusError("unsupported_media_type", error.message, { cause: error });
    case "FST_ERR_CTP_BODY_TOO_LARGE":
      return new NimbusError("payload_too_large", error.message, { cause: error });
    case "FST_ERR_CTP_EMPTY_JSON_BODY":
    case "FST_ERR_CTP_INVALID_JSON_BODY":
      return new NimbusError("invalid_json", error.message, { cause: error });
    case "FST_ERR_CTP_INVALID_CONTENT_LENGTH":
      return new NimbusError("invalid_argument", error.message, { cause: error });
  }
  // Fastify's own JSON parser raises a SyntaxError with status 400.
  if (error instanceof SyntaxError && error.statusCode === 400) {
    return new NimbusError("invalid_json", error.message, { cause: error });
  }
  if (error.statusCode === 413) return new NimbusError("payload_too_large", error.message, { cause: error });
  if (error.statusCode === 415)
    return new NimbusError("unsupported_media_type", error.message, { cause: error });
  if (error.statusCode && error.statusCode >= 400 && error.statusCode < 500) {
    return new NimbusError("invalid_argument", error.message, { cause: error });
  }
  return storageFailure(error) ?? new NimbusError("internal", error.message, { cause: error });
}

/** The request path without its query: the spec's `error_uri`. */
export function requestPath(request: FastifyRequest): string {
  const url = request.url;
  const query = url.indexOf("?");
  return query === -1 ? url : url.slice(0, query);
}
