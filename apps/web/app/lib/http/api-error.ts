import { type ErrorBody, type ErrorDetail, errorSpec, isErrorName, NimbusError } from "@nimbus/protocol";
import { isRecord } from "../platform.js";

/**
 * A failure an API answered with an error body. `error` is the catalogue name
 * (`unknown` when the server sent a name this client does not know), while `body`
 * keeps what the server sent — name, `error_code`, description and details — so
 * the user-facing text is chosen from the server's own words. `code` is the body's
 * `error_code` and `status` the HTTP status, when those were received.
 */
export class ApiError extends NimbusError {
  readonly body: ErrorBody;

  constructor(body: ErrorBody, status?: number, options: { cause?: unknown } = {}) {
    super(isErrorName(body.error) ? body.error : "unknown", body.error_description || body.error, options);
    this.name = "ApiError";
    this.body = body;
    // NimbusError fills both from the catalogue; the wire values win here.
    Object.defineProperty(this, "code", { value: body.error_code, enumerable: true });
    if (status !== undefined) Object.defineProperty(this, "status", { value: status, enumerable: true });
  }
}

/** A body "carrying an error field" (spec §7): an object whose `error` is a non-empty string. */
export function isErrorBody(value: unknown): value is Record<string, unknown> & { error: string } {
  return isRecord(value) && typeof value.error === "string" && value.error !== "";
}

/** Fills what a server left out of an error body, keeping every field it did send. */
export function normalizeErrorBody(raw: Record<string, unknown> & { error: string }, uri = ""): ErrorBody {
  const code = raw.error_code;
  return {
    error: raw.error,
    error_code: typeof code === "number" && Number.isFinite(code) ? code : errorSpec(raw.error).code,
    error_description: typeof raw.error_description === "string" ? raw.error_description : "",
    error_uri: typeof raw.error_uri === "string" ? raw.error_uri : uri,
    details: Array.isArray(raw.details) ? (raw.details.filter(isRecord) as unknown as ErrorDetail[]) : [],
  };
}

/** The `ApiError` for a received body (the `NimbusError.fromBody` the protocol class lacks). */
export function apiErrorFromBody(
  raw: Record<string, unknown> & { error: string },
  status?: number,
  uri?: string,
): ApiError {
  return new ApiError(normalizeErrorBody(raw, uri), status);
}
