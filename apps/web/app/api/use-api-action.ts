import type { EndpointRef } from "@nimbus/protocol";
import { useState } from "react";
import { useLocale, useT } from "../i18n/i18n.js";
import type { ApiResult, EndpointAnswer, EndpointInput } from "./client.js";

export type ActionState<T> =
  | { status: "idle" }
  | { status: "busy" }
  | { status: "done"; data: T }
  | { status: "error"; message: string };

/**
 * A form's call of `endpoint`: busy while it runs, then the data or the error's text.
 * The API client loads on the first submit, so public pages with a form keep it out
 * of their first load.
 */
export function useApiAction<R extends EndpointRef>(endpoint: R) {
  const t = useT();
  const locale = useLocale();
  const [state, setState] = useState<ActionState<EndpointAnswer<R>>>({ status: "idle" });
  async function run(input: EndpointInput<R> = {}): Promise<ApiResult<EndpointAnswer<R>>> {
    setState({ status: "busy" });
    const { callEndpoint, errorText } = await import("./client.js");
    const result = await callEndpoint(endpoint, { ...input, locale });
    setState(
      result.ok
        ? { status: "done", data: result.data }
        : { status: "error", message: errorText(result.error, t) },
    );
    return result;
  }
  return { state, run, reset: () => setState({ status: "idle" }) };
}
