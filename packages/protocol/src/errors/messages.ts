import { ERROR_TEXT_LOADERS, formatCompiled, formatMessage } from "@nimbus/texts";
import { DEFAULT_LOCALE, type Locale } from "../locales.js";
import { isErrorName } from "./catalogue.js";
import type { ErrorMessages, ErrorMessagesModule } from "./message-types.js";
import { type ErrorBody, type ErrorDetail, LOCALIZED_MESSAGE_TYPE } from "./nimbus-error.js";

/** One lazy loader per locale, from the texts package (`@nimbus/texts`, `errors/<locale>.ts`). */
export const ERROR_MESSAGE_LOADERS = ERROR_TEXT_LOADERS as Record<Locale, () => Promise<ErrorMessagesModule>>;

/** Loads the error texts of one locale; an unsupported value falls back to the default locale. */
export async function loadErrorMessages(locale: Locale): Promise<ErrorMessages> {
  const loader = Object.hasOwn(ERROR_MESSAGE_LOADERS, locale)
    ? ERROR_MESSAGE_LOADERS[locale]
    : ERROR_MESSAGE_LOADERS[DEFAULT_LOCALE];
  const module = await loader();
  return module.default;
}

/** Fills an ICU message's arguments (`{name}`, plurals, selections); see `@nimbus/texts`. */
export { formatMessage };

/** Error codes from this number up have their own catalogue text (spec §8, step 3). */
export const CATALOGUE_TEXT_MIN_CODE = 17;

export type ErrorTextSource = Pick<ErrorBody, "error" | "error_code" | "error_description"> & {
  details?: ErrorDetail[];
};

/**
 * The message a detail list carries: a LocalizedMessage entry first, otherwise
 * the first entry of any type with a non-empty `message`. Bodies come off the
 * wire, so every entry is checked rather than trusted.
 */
function messageFromDetails(details: unknown): string | undefined {
  if (!Array.isArray(details)) return undefined;
  let fallback: string | undefined;
  for (const entry of details as unknown[]) {
    if (typeof entry !== "object" || entry === null) continue;
    const { "@type": type, message } = entry as { "@type"?: unknown; message?: unknown };
    if (typeof message !== "string" || message.trim() === "") continue;
    if (type === LOCALIZED_MESSAGE_TYPE) return message;
    fallback ??= message;
  }
  return fallback;
}

/**
 * The text to show a user for an error body, in spec §8's order:
 * 1. a localized message from `details`;
 * 2. the special texts: `unreachable` shows `_network`, `captcha_invalid` shows `_too_frequent`;
 * 3. the catalogue text for `error` when `error_code` is 17 or above;
 * 4. `_default`, filled with the error name and its description.
 */
export function chooseErrorText(body: ErrorTextSource, messages: ErrorMessages): string {
  const fromDetails = messageFromDetails(body.details);
  if (fromDetails !== undefined) return fromDetails;

  if (body.error === "unreachable") return messages._network;
  if (body.error === "captcha_invalid") return messages._too_frequent;

  if (body.error_code >= CATALOGUE_TEXT_MIN_CODE && isErrorName(body.error)) {
    const text = messages[body.error];
    if (text) return text;
  }

  // `_default` has plain `{name}` arguments only: no ICU parser in the pages that show errors.
  return formatCompiled(messages._default, {
    error: body.error,
    description: body.error_description ?? "",
  });
}
