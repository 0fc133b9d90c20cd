import { isRecord } from "../../lib/platform.js";

/** Spec §8: the app bridge's own error codes. */
export const BRIDGE_METHOD_NOT_DECLARED = { code: 404, message: "method is not declared" } as const;
export const BRIDGE_BAD_RESPONSE = { code: -2, message: "process response data error!" } as const;

/** The window property an app webview injects its bridge as. */
export const APP_BRIDGE_GLOBAL = "NimbusAppBridge";

/**
 * What the app injects: one function per method, taking a JSON string and answering a
 * JSON string `{"code":0,"data":{…}}` (at once, as Android's JavaScript interfaces do,
 * or as a promise).
 */
export type AppBridgeHost = Record<string, unknown>;

export class AppBridgeError extends Error {
  readonly code: number;
  constructor(code: number, message: string) {
    super(message);
    this.name = "AppBridgeError";
    this.code = code;
  }
}

export interface AppBridge {
  call(method: string, params?: Record<string, unknown>): Promise<Record<string, unknown>>;
}

/**
 * Calls into the app. A method the app does not declare fails with 404 'method is not
 * declared'; an answer that is not the expected JSON with -2 'process response data
 * error!'; a non-zero `code` from the app with the app's own code and message.
 */
export function createAppBridge(host: AppBridgeHost): AppBridge {
  return {
    async call(method, params = {}) {
      const fn = host[method];
      if (typeof fn !== "function") {
        throw new AppBridgeError(BRIDGE_METHOD_NOT_DECLARED.code, BRIDGE_METHOD_NOT_DECLARED.message);
      }
      let answer: unknown;
      try {
        const raw: unknown = await fn.call(host, JSON.stringify(params));
        answer = typeof raw === "string" ? JSON.parse(raw) : raw;
      } catch {
        throw new AppBridgeError(BRIDGE_BAD_RESPONSE.code, BRIDGE_BAD_RESPONSE.message);
      }
      if (!isRecord(answer) || typeof answer.code !== "number") {
        throw new AppBridgeError(BRIDGE_BAD_RESPONSE.code, BRIDGE_BAD_RESPONSE.message);
      }
      if (answer.code !== 0) {
        const message = typeof answer.message === "string" ? answer.message : "app error";
        throw new AppBridgeError(answer.code, message);
      }
      return isRecord(answer.data) ? answer.data : {};
    },
  };
}

/** The app's bridge when the page runs inside the app's webview. */
export function findAppBridge(win: Record<string, unknown>): AppBridge | undefined {
  const host = win[APP_BRIDGE_GLOBAL];
  return isRecord(host) ? createAppBridge(host) : undefined;
}
