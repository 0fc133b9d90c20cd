import { captchaMeta, DEFAULT_CAPTCHA_SALTS, NimbusError } from "@nimbus/protocol";
import type { CaptchaFlow, CaptchaMetaValues } from "../captcha/captcha-flow.js";
import { type Clock, systemClock } from "../platform.js";
import type { RequestClient, RequestOptions } from "./request.js";

/** Spec §9: at most 3 new captcha tokens per request. */
export const MAX_CAPTCHA_RENEWALS = 3;

export interface AuthRequestConfig {
  request: RequestClient;
  captcha: Pick<CaptchaFlow, "getToken">;
  clientId: string;
  clientVersion: string;
  packageName: string;
  deviceId: () => string;
  userId?: () => string | undefined;
  /** Sent as `Authorization: Bearer …` when present. */
  accessToken?: () => string | undefined;
  now?: Clock;
  /** The captcha signature salts; default the protocol's ten. */
  salts?: readonly string[];
}

export interface CaptchaRequestOptions {
  /** Default `METHOD:/path`. */
  action?: string;
  /** Replaces the signed metadata (sign-in sends `{ email }`, for example). */
  meta?: CaptchaMetaValues;
}

export interface AuthRequestOptions extends RequestOptions {
  /**
   * `true` or an object: send `x-captcha-token` from the first attempt. Absent: send
   * none until the server asks for one. `false`: never take part in the captcha flow.
   */
  captcha?: boolean | CaptchaRequestOptions;
}

export type AuthRequest = <T = unknown>(options: AuthRequestOptions) => Promise<T>;

/** The default captcha action: upper-case method, a colon and the path without its query. */
export function captchaAction(method: string, path: string): string {
  let pathname = path.split("?")[0] ?? path;
  if (/^[a-z][a-z\d+.-]*:\/\//i.test(pathname)) pathname = new URL(pathname).pathname;
  return `${method.toUpperCase()}:${pathname}`;
}

/** A failure that a new captcha token may cure: captcha_required (4001) or captcha_invalid (4002). */
export function isCaptchaFailure(error: unknown): boolean {
  return (
    error instanceof NimbusError &&
    (error.error === "captcha_required" ||
      error.error === "captcha_invalid" ||
      error.code === 4001 ||
      error.code === 4002)
  );
}

/**
 * The authenticated request helper of spec §7: adds `x-device-id` and `x-client-id`,
 * defaults to GET, and sends `x-captcha-token` when a request needs one. A request
 * failing with captcha_required or captcha_invalid gets a new token and is repeated,
 * at most 3 times.
 */
export function createAuthRequest(config: AuthRequestConfig): AuthRequest {
  const now = config.now ?? systemClock;

  function signedMeta(): CaptchaMetaValues {
    return {
      ...captchaMeta(
        {
          clientId: config.clientId,
          clientVersion: config.clientVersion,
          packageName: config.packageName,
          deviceId: config.deviceId(),
          timestamp: now(),
          userId: config.userId?.(),
        },
        config.salts ?? DEFAULT_CAPTCHA_SALTS,
      ),
    };
  }

  return async <T>(options: AuthRequestOptions): Promise<T> => {
    const { captcha = undefined, ...rest } = options;
    const method = (rest.method ?? "GET").toUpperCase();
    const settings: CaptchaRequestOptions = typeof captcha === "object" ? captcha : {};
    const action = settings.action ?? captchaAction(method, rest.path);
    const getToken = (invalidToken?: string) =>
      config.captcha.getToken(action, settings.meta ?? signedMeta(), { invalidToken });

    let token = captcha === true || typeof captcha === "object" ? await getToken() : undefined;
    for (let renewals = 0; ; renewals++) {
      const headers: Record<string, string> = {
        "x-device-id": config.deviceId(),
        "x-client-id": config.clientId,
      };
      const accessToken = config.accessToken?.();
      if (accessToken) headers.Authorization = `Bearer ${accessToken}`;
      if (token) headers["x-captcha-token"] = token;
      try {
        return await config.request<T>({ ...rest, method, headers: { ...headers, ...rest.headers } });
      } catch (error) {
        if (captcha === false || renewals >= MAX_CAPTCHA_RENEWALS || !isCaptchaFailure(error)) throw error;
        token = await getToken(token);
      }
    }
  };
}
