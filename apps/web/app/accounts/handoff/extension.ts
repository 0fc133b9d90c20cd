import { isRecord } from "../../lib/platform.js";

/** Spec §4, §9: the extension has 5 s to answer a login request. */
export const EXTENSION_LOGIN_WAIT_MS = 5_000;
export const EXTENSION_SOURCE = "pp_browser_extension";

/** Page → content script. */
export interface ExtensionLoginRequest {
  source: "nimbus-web";
  type: "login_request";
  id: string;
  client_id: string;
  code_challenge: string;
  code_challenge_method: "S256";
}

/** Content script → page: `code`, or `error` when the extension is signed out or refuses. */
export interface ExtensionLoginResponse {
  source: "nimbus-extension";
  type: "login_response";
  id: string;
  code?: string;
  error?: string;
}

export interface MessageWindow {
  postMessage(message: unknown, targetOrigin: string): void;
  addEventListener(type: "message", listener: (event: MessageEvent) => void): void;
  removeEventListener(type: "message", listener: (event: MessageEvent) => void): void;
}

export type ExtensionOutcome =
  | { kind: "code"; code: string }
  | { kind: "refused"; error: string }
  | { kind: "timeout" };

/**
 * Asks the browser extension's content script (same window, same origin) for an
 * authorization code made for the page's PKCE challenge. Resolves `timeout` when no
 * answer came within 5 s.
 */
export function requestExtensionCode(
  win: MessageWindow,
  origin: string,
  request: Omit<ExtensionLoginRequest, "source" | "type">,
  { waitMs = EXTENSION_LOGIN_WAIT_MS, setTimer = setTimeout, clearTimer = clearTimeout } = {},
): Promise<ExtensionOutcome> {
  return new Promise((resolve) => {
    const finish = (outcome: ExtensionOutcome) => {
      win.removeEventListener("message", onMessage);
      clearTimer(timer);
      resolve(outcome);
    };
    const onMessage = (event: MessageEvent) => {
      if (event.origin !== origin) return;
      const data: unknown = event.data;
      if (!isRecord(data) || data.source !== "nimbus-extension" || data.type !== "login_response") return;
      if (data.id !== request.id) return;
      if (typeof data.code === "string" && data.code !== "") finish({ kind: "code", code: data.code });
      else finish({ kind: "refused", error: typeof data.error === "string" ? data.error : "access_denied" });
    };
    const timer = setTimer(() => finish({ kind: "timeout" }), waitMs);
    win.addEventListener("message", onMessage);
    const message: ExtensionLoginRequest = { source: "nimbus-web", type: "login_request", ...request };
    win.postMessage(message, origin);
  });
}
