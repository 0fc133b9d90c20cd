import {
  chooseErrorText,
  ERROR_CATALOGUE,
  type ErrorMessages,
  type ErrorTextSource,
  isNimbusError,
  type Locale,
  loadErrorMessages,
} from "@nimbus/protocol";
import { ApiError } from "./http/api-error.js";

/**
 * What the text choice reads from any thrown value: an API failure's own body, a
 * local `NimbusError` as name, code and message, and anything else as `unknown`.
 */
export function errorTextSource(error: unknown): ErrorTextSource {
  if (error instanceof ApiError) return error.body;
  if (isNimbusError(error)) {
    return { error: error.error, error_code: error.code, error_description: error.message, details: [] };
  }
  return {
    error: "unknown",
    error_code: ERROR_CATALOGUE.unknown.code,
    error_description: error instanceof Error ? error.message : "",
    details: [],
  };
}

/** The user-facing text for any thrown value, in spec §8's order (protocol's `chooseErrorText`). */
export function errorText(error: unknown, messages: ErrorMessages): string {
  return chooseErrorText(errorTextSource(error), messages);
}

/** `errorText` after loading the locale's messages. */
export async function errorTextIn(error: unknown, locale: Locale): Promise<string> {
  return errorText(error, await loadErrorMessages(locale));
}
