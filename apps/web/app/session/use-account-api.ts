import type { EndpointRef } from "@nimbus/protocol";
import { useMemo, useState } from "react";
import { type EndpointAnswer, errorText } from "../api/client.js";
import { useShowChallenge } from "../components/platform/use-show-challenge.js";
import { type Translate, useLocale, useT } from "../i18n/i18n.js";
import {
  type AccountApi,
  type AccountCall,
  type AccountFailure,
  type AccountResult,
  createAccountApi,
} from "./account-api.js";

/** The accounts API in the page's language, with the captcha modal behind it. */
export function useAccountApi(): AccountApi {
  const locale = useLocale();
  const showChallenge = useShowChallenge();
  return useMemo(() => createAccountApi({ locale, showChallenge }), [locale, showChallenge]);
}

/** The text for a failed accounts call; a closed captcha says so instead of a generic error. */
export function accountErrorText(error: AccountFailure, t: Translate): string {
  if (error.error === "cancelled") return t("accounts.captchaCancelled");
  // The catalogue's text speaks of an "account number"; people sign in with an email or phone.
  if (error.error === "invalid_account_or_password") return t("accounts.error.wrongCredentials");
  return errorText(error, t);
}

export type AccountActionState<T> =
  | { status: "idle" }
  | { status: "busy" }
  | { status: "done"; data: T }
  | { status: "error"; message: string; error: AccountFailure };

/** One form's call of `endpoint`: busy, then the data or the failure with its text. */
export function useAccountAction<R extends EndpointRef>(endpoint: R) {
  const api = useAccountApi();
  const t = useT();
  const [state, setState] = useState<AccountActionState<EndpointAnswer<R>>>({ status: "idle" });
  async function run(call: AccountCall<R> = {}): Promise<AccountResult<EndpointAnswer<R>>> {
    setState({ status: "busy" });
    const result = await api(endpoint, call);
    setState(
      result.ok
        ? { status: "done", data: result.data }
        : { status: "error", message: accountErrorText(result.error, t), error: result.error },
    );
    return result;
  }
  return { state, run, reset: () => setState({ status: "idle" }), busy: state.status === "busy" };
}
