import { CLIENT_IDS, GRANT_TYPES, nimbusApi } from "@nimbus/protocol";
import { useCallback, useEffect, useRef, useState } from "react";
import { documentCookieJar } from "../../lib/cookies.js";
import { emitInBrowser } from "../../session/auth-events.js";
import { refreshSignIn } from "../../session/sign-in-refresh.js";
import { useAccountApi } from "../../session/use-account-api.js";
import { findAppBridge } from "./app-bridge.js";
import { planHandoff, withoutHandoffParams } from "./plan.js";
import {
  confirmHandoff,
  type HandoffDeps,
  type HandoffResult,
  type PendingHandoff,
  runHandoff,
} from "./run-handoff.js";

export type HandoffState = { status: "running" } | HandoffResult;

export interface Handoff {
  state: HandoffState;
  /** "Continue as …": exchanges the pending code. */
  confirm(pending: PendingHandoff): void;
}

/** How the page names an account: its name, else its email or phone number. */
function accountLabel(user: { name: string; email: string; phone_number: string }): string {
  return user.name || user.email || user.phone_number;
}

/**
 * Runs the hand-off the address asks for once, in the browser, then takes its
 * parameters out of the address (a code is single-use; a reload must not replay it).
 */
export function useHandoff(): Handoff {
  const api = useAccountApi();
  const [state, setState] = useState<HandoffState>({ status: "running" });
  const deps = useRef<HandoffDeps | undefined>(undefined);
  const method = useRef("none");
  const settle = useCallback((result: HandoffResult) => {
    if (result.status === "signed-in")
      emitInBrowser("AFTER_LOGIN", { method: method.current, user_id: result.userId });
    if (result.status === "failed")
      emitInBrowser("LOGIN_FAILED", { method: method.current, error: result.error });
    setState(result);
  }, []);
  // biome-ignore lint/correctness/useExhaustiveDependencies: once per page load
  useEffect(() => {
    const plan = planHandoff(window.location.search);
    method.current = plan.kind;
    const jar = documentCookieJar(document);
    const refresh = async () => {
      const outcome = await refreshSignIn(() => api(nimbusApi.user.me), jar);
      return outcome.signedIn ? { userId: outcome.user.sub, label: accountLabel(outcome.user) } : undefined;
    };
    deps.current = {
      refresh,
      describe: async (code, verifier) => {
        const result = await api(nimbusApi.auth.codeAccount, {
          body: { code, client_id: CLIENT_IDS.web, ...(verifier ? { code_verifier: verifier } : {}) },
        });
        if (!result.ok) return { ok: false, error: result.error.error };
        const account = {
          userId: result.data.sub,
          label: accountLabel(result.data),
          bound: result.data.bound,
        };
        return { ok: true, account };
      },
      exchange: async (code, verifier) => {
        const result = await api(nimbusApi.auth.token, {
          body: {
            grant_type: GRANT_TYPES.authorizationCode,
            code,
            client_id: CLIENT_IDS.web,
            ...(verifier ? { code_verifier: verifier } : {}),
          },
        });
        return result.ok ? { ok: true } : { ok: false, error: result.error.error };
      },
      bridge: findAppBridge(window as unknown as Record<string, unknown>),
      messages: { win: window, origin: window.location.origin },
    };
    void runHandoff(plan, deps.current).then((result) => {
      if (plan.kind !== "none") {
        const { pathname } = window.location;
        window.history.replaceState(
          window.history.state,
          "",
          `${pathname}${withoutHandoffParams(window.location.search)}`,
        );
      }
      settle(result);
    });
  }, []);
  const confirm = useCallback(
    (pending: PendingHandoff) => {
      if (!deps.current) return;
      setState({ status: "running" });
      void confirmHandoff(deps.current, pending).then(settle);
    },
    [settle],
  );
  return { state, confirm };
}
