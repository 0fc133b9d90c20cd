import { type ErrorName, errorSpec } from "./catalogue.js";

/** google.rpc-style detail entries carried in `details` (spec §3: error-info, localized-message). */
export interface ErrorInfoDetail {
  "@type": "type.googleapis.com/google.rpc.ErrorInfo";
  reason: string;
  domain: string;
  metadata?: Record<string, string>;
}
export interface LocalizedMessageDetail {
  "@type": "type.googleapis.com/google.rpc.LocalizedMessage";
  locale: string;
  message: string;
}
export type ErrorDetail = ErrorInfoDetail | LocalizedMessageDetail;

/** The error object every failing call answers (spec §3, §8). */
export interface ErrorBody {
  error: string;
  error_code: number;
  error_description: string;
  error_uri: string;
  details: ErrorDetail[];
}

export const ERROR_INFO_TYPE = "type.googleapis.com/google.rpc.ErrorInfo";
export const LOCALIZED_MESSAGE_TYPE = "type.googleapis.com/google.rpc.LocalizedMessage";

export interface NimbusErrorOptions {
  /** Values for placeholders in the localized message, e.g. `{ path }`. */
  params?: Record<string, string | number>;
  /** Machine-readable facts for the ErrorInfo detail (e.g. which field failed). */
  metadata?: Record<string, string>;
  cause?: unknown;
}

/**
 * The one error class of Nimbus, thrown by server modules and produced by web
 * clients alike. Its `error` is a catalogue name; code and HTTP status follow.
 */
export class NimbusError extends Error {
  readonly error: ErrorName;
  readonly code: number;
  readonly status: number;
  readonly params: Record<string, string | number>;
  readonly metadata: Record<string, string> | undefined;

  constructor(error: ErrorName, message?: string, options: NimbusErrorOptions = {}) {
    super(message ?? error, options.cause === undefined ? undefined : { cause: options.cause });
    this.name = "NimbusError";
    this.error = error;
    const spec = errorSpec(error);
    this.code = spec.code;
    this.status = spec.status;
    this.params = options.params ?? {};
    this.metadata = options.metadata;
  }
}

export function isNimbusError(value: unknown): value is NimbusError {
  return value instanceof NimbusError;
}
