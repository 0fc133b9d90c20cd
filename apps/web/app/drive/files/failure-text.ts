import {
  chooseErrorText,
  ERROR_CATALOGUE,
  isErrorName,
  type Locale,
  loadErrorMessages,
} from "@nimbus/protocol";
import type { ApiFailure } from "../../api/client.js";
import type { Translate } from "../../i18n/i18n.js";

/**
 * The text for a failed drive action, in spec §8's choice order (protocol's
 * `chooseErrorText`): details, network, the code's own text, then the default.
 */
export async function failureText(failure: ApiFailure, locale: Locale, t: Translate): Promise<string> {
  if (failure.error === "route_not_found") return t("api.notAvailable");
  const code = isErrorName(failure.error)
    ? ERROR_CATALOGUE[failure.error].code
    : ERROR_CATALOGUE.unknown.code;
  const messages = await loadErrorMessages(locale);
  return chooseErrorText(
    {
      error: failure.error,
      error_code: code,
      error_description: failure.error_description ?? "",
      details: [],
    },
    messages,
  );
}
