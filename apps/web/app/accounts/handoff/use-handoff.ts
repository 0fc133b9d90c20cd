import { CLIENT_IDS, GRANT_TYPES, type UserMe } from "@nimbus/protocol";
import { useEffect, useState } from "react";
import { ENDPOINTS } from "../../api/endpoints.js";
import { documentCookieJar } from "../../lib/cookies.js";
import { emitInBrowser } from "../auth-events.js";
import { refreshSignIn } from "../sign-in-refresh.js";
import { useAccountApi } from "../use-account-api.js";
import { findAppBridge } from "./app-bridge.js";
import { planHandoff, withoutHandoffParams } from "./plan.js";
import { type HandoffResult, runHandoff } from "./run-handoff.js";

export type HandoffState = { status: "running" } | HandoffResult;

/**
 * Runs the hand-off the address asks for once, in the browser, then takes its
 * parameters out of the address (a code is single-use; a reload must not replay it).
 */
export function useHandoff(): HandoffState {
  const api = useAccountApi();
  const [state, setState] = useState<HandoffState>({ status: "running" });
  // biome-ignore lint/correctness/useExhaustiveDependencies: once per page load
  useEffect(() => {
    const plan = planHandoff(window.location.search);
    const jar = documentCookieJar(document);
    const refresh = async () => {
      const outcome = await refreshSignIn(() => api<UserMe>(ENDPOINTS.userMe), jar);
      return outcome.signedIn ? { userId: outcome.user.sub } : undefined;
    };
    void runHandoff(plan, {
      refresh,
      exchange: async (code, verifier) => {
        const result = await api(ENDPOINTS.token, {
          method: "POST",
          body: {
            grant_type: GRANT_TYPES.authorizationCode,
            code,
            client_id: CLIENT_IDS.web,
            ...(verifier ? { code_verifier: verifier } : {}),
          },
        });
        return result.ok ? { ok: true } : { ok: false, error: result.error.error };
      },
      signOut: async () => {
        await api(ENDPOINTS.signout, { method: "POST" });
      },
      bridge: findAppBridge(window as unknown as Record<string, unknown>),
      messages: { win: window, origin: window.location.origin },
    }).then((result) => {
      if (result.status === "signed-in")
        emitInBrowser("AFTER_LOGIN", { method: plan.kind, user_id: result.userId });
      if (result.status === "failed")
        emitInBrowser("LOGIN_FAILED", { method: plan.kind, error: result.error });
      if (plan.kind !== "none") {
        const { pathname } = window.location;
        window.history.replaceState(
          window.history.state,
          "",
          `${pathname}${withoutHandoffParams(window.location.search)}`,
        );
      }
      setState(result);
    });
  }, []);
  return state;
}
