import { useState } from "react";
import { useLocale, useT } from "../i18n/i18n.js";
import type { ApiResult } from "./client.js";

export type ActionState<T> =
  | { status: "idle" }
  | { status: "busy" }
  | { status: "done"; data: T }
  | { status: "error"; message: string };

/**
 * A form's call to the API: busy while it runs, then the data or the error's text.
 * The API client loads on the first submit, so public pages with a form keep it out
 * of their first load.
 */
export function useApiAction<T = unknown>() {
  const t = useT();
  const locale = useLocale();
  const [state, setState] = useState<ActionState<T>>({ status: "idle" });
  async function run(path: string, init: { method?: string; body?: unknown } = {}): Promise<ApiResult<T>> {
    setState({ status: "busy" });
    const { callApi, errorText } = await import("./client.js");
    const result = await callApi<T>(path, { method: "POST", ...init, locale });
    setState(
      result.ok
        ? { status: "done", data: result.data }
        : { status: "error", message: errorText(result.error, t) },
    );
    return result;
  }
  return { state, run, reset: () => setState({ status: "idle" }) };
}
