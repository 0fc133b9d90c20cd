import { useCallback, useEffect, useState } from "react";
import { errorText } from "../api/client.js";
import type { ActionState } from "../api/use-api-action.js";
import { useLocale, useT } from "../i18n/i18n.js";
import { callMembership, type MembershipCall } from "./membership-api.js";

/** A `Loadable` whose failure always names its error. */
export type LoadState<T> =
  | { status: "loading" }
  | { status: "error"; message: string; error: string }
  | { status: "ready"; data: T };

interface CallInput {
  params?: Record<string, string>;
  query?: Record<string, string | number | undefined>;
}

/** Loads one membership call in the browser; `reload` asks again. `skip` waits (signed out). */
export function useMembershipLoad<T>(call: MembershipCall, input: CallInput = {}, skip = false) {
  const locale = useLocale();
  const t = useT();
  const [state, setState] = useState<LoadState<T>>({ status: "loading" });
  const [version, setVersion] = useState(0);
  const key = JSON.stringify(input);
  // biome-ignore lint/correctness/useExhaustiveDependencies: the input is compared by its JSON; t follows locale
  useEffect(() => {
    if (skip) return;
    const controller = new AbortController();
    callMembership<T>(call, { ...(JSON.parse(key) as CallInput), locale, signal: controller.signal }).then(
      (result) =>
        setState(
          result.ok
            ? { status: "ready", data: result.data }
            : { status: "error", message: errorText(result.error, t), error: result.error.error },
        ),
      () => {},
    );
    return () => controller.abort();
  }, [call, key, locale, version, skip]);
  const reload = useCallback(() => {
    setState({ status: "loading" });
    setVersion((v) => v + 1);
  }, []);
  return { state, reload };
}

/** A button's membership call: busy while it runs, then the data or the error's text. */
export function useMembershipAction<T>(call: MembershipCall) {
  const locale = useLocale();
  const t = useT();
  const [state, setState] = useState<ActionState<T>>({ status: "idle" });
  async function run(input: CallInput & { body?: Record<string, unknown> } = {}) {
    setState({ status: "busy" });
    const result = await callMembership<T>(call, { ...input, locale });
    setState(
      result.ok
        ? { status: "done", data: result.data }
        : { status: "error", message: errorText(result.error, t) },
    );
    return result;
  }
  return { state, run, reset: () => setState({ status: "idle" }) };
}
