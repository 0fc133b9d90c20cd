import { CLIENT_IDS, type EndpointRef, ERROR_INFO_TYPE, methodOf, NimbusError } from "@nimbus/protocol";
import { type ApiFailure, type EndpointAnswer, type EndpointInput, endpointUrl } from "../api/client.js";
import {
  type CaptchaChallengeResult,
  type CaptchaMetaValues,
  createCaptchaFlow,
} from "../lib/captcha/captcha-flow.js";
import { getDeviceId } from "../lib/device-id.js";
import { ApiError } from "../lib/http/api-error.js";
import { createAuthRequest } from "../lib/http/auth-request.js";
import { createRequestClient, type FetchLike } from "../lib/http/request.js";
import { type KeyValueStorage, memoryStorage } from "../lib/platform.js";

/** A failure with the ErrorInfo metadata the accounts flows read (`two_factor_token`, `retry_after`). */
export interface AccountFailure extends ApiFailure {
  metadata: Record<string, string>;
}

export type AccountResult<T> = { ok: true; data: T } | { ok: false; error: AccountFailure };

export type AccountCall<R extends EndpointRef> = EndpointInput<R> & {
  /**
   * The captcha metadata for this call (sign-in and code sending send `{email}`,
   * `{phone_number}` or `{username}`). A token is fetched only when the server asks for
   * one (captcha_required / captcha_invalid), then the call is repeated with it.
   */
  captchaMeta?: CaptchaMetaValues;
  signal?: AbortSignal;
};

export type AccountApi = <R extends EndpointRef>(
  endpoint: R,
  call?: AccountCall<R>,
) => Promise<AccountResult<EndpointAnswer<R>>>;

export interface AccountApiConfig {
  locale: string;
  showChallenge: (url: string) => Promise<CaptchaChallengeResult>;
  storage?: KeyValueStorage;
  fetch?: FetchLike;
  now?: () => number;
}

export const WEB_CLIENT_VERSION = "1.0.0";
export const WEB_PACKAGE_NAME = "nimbus-web";

/** The failure a page shows for any thrown error of a call. */
export function accountFailure(error: unknown): AccountFailure {
  if (error instanceof ApiError) {
    const info = error.body.details.find((detail) => detail["@type"] === ERROR_INFO_TYPE);
    const metadata = info && "metadata" in info && info.metadata ? info.metadata : {};
    const description = error.body.error_description;
    // A 404 with no error body: nothing serves this path on this server.
    if (error.status === 404 && /^HTTP 404$/.test(description))
      return { error: "route_not_found", status: 404, metadata: {} };
    return { error: error.body.error, error_description: description, status: error.status, metadata };
  }
  return { error: error instanceof NimbusError ? error.error : "unknown", status: 0, metadata: {} };
}

function defaultStorage(): KeyValueStorage {
  try {
    return localStorage;
  } catch {
    return memoryStorage();
  }
}

/**
 * Calls of the accounts pages: the authenticated helper of spec §7 (client and device
 * headers, cookies) with the captcha flow of spec §4 behind it (an unexpired token is
 * reused, the challenge opens in the modal, a closed modal fails as `cancelled`).
 */
export function createAccountApi(config: AccountApiConfig): AccountApi {
  const storage = config.storage ?? defaultStorage();
  const deviceId = () => getDeviceId(storage);
  const request = createRequestClient({
    origins: [""],
    locale: () => config.locale,
    ...(config.fetch ? { fetch: config.fetch } : {}),
  });
  const flow = createCaptchaFlow({
    request,
    storage,
    clientId: CLIENT_IDS.web,
    deviceId,
    showChallenge: config.showChallenge,
    ...(config.now ? { now: config.now } : {}),
  });
  return async <R extends EndpointRef>(
    endpoint: R,
    call: AccountCall<R> = {},
  ): Promise<AccountResult<EndpointAnswer<R>>> => {
    const method = methodOf(endpoint);
    const authRequest = createAuthRequest({
      request,
      captcha: {
        getToken: (action, meta, options) => flow.getToken(action, call.captchaMeta ?? meta, options),
      },
      clientId: CLIENT_IDS.web,
      clientVersion: WEB_CLIENT_VERSION,
      packageName: WEB_PACKAGE_NAME,
      deviceId,
      ...(config.now ? { now: config.now } : {}),
    });
    try {
      const data = await authRequest<EndpointAnswer<R>>({
        path: endpointUrl(endpoint, call),
        method,
        body: call.body,
        // Sign-in and code sending are not repeated behind the person's back.
        retry: method === "GET" ? undefined : 0,
        signal: call.signal,
      });
      return { ok: true, data };
    } catch (error) {
      if (call.signal?.aborted) throw error;
      return { ok: false, error: accountFailure(error) };
    }
  };
}

/** Which meta a sign-in or code request sends to the captcha init: the account it names. */
export function accountCaptchaMeta(account: string): CaptchaMetaValues {
  const value = account.trim();
  if (value.includes("@")) return { email: value };
  if (/^\+?[0-9][0-9 ()-]{5,}$/.test(value)) return { phone_number: value };
  return { username: value };
}
