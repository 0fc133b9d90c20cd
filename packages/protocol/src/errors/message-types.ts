import type { ErrorName } from "./catalogue.js";

/**
 * Message keys that are not catalogue names:
 * - `_default`: used when no specific text applies; placeholders `{error}` and `{description}`.
 * - `_network`: shown for `unreachable` (the network or the server cannot be reached).
 * - `_too_frequent`: shown for `captcha_invalid` (spec §8 text choice order).
 */
export const SPECIAL_MESSAGE_KEYS = ["_default", "_network", "_too_frequent"] as const;
export type SpecialMessageKey = (typeof SPECIAL_MESSAGE_KEYS)[number];

export type ErrorMessageKey = ErrorName | SpecialMessageKey;

/** One locale's user-facing error texts: one sentence per catalogue name plus the special keys. */
export type ErrorMessages = Record<ErrorMessageKey, string>;

/** The shape of a locale module under `@nimbus/texts` (`errors/<locale>.ts`). */
export interface ErrorMessagesModule {
  default: ErrorMessages;
}
