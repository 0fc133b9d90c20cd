import { NimbusError, nimbusApi } from "@nimbus/protocol";
import type { RequestClient } from "../http/request.js";
import { createLock } from "../lock.js";
import { type Clock, isRecord, type KeyValueStorage, readJson, systemClock } from "../platform.js";

export const CAPTCHA_STORAGE_PREFIX = "captcha_";
/** A token counts as expired this long before the server says it does (spec §9). */
export const CAPTCHA_EARLY_EXPIRY_MS = 30_000;
export const CAPTCHA_INIT_PATH = nimbusApi.shield.captchaInit.path;
/** The challenge box (spec §2, §9), for the page that shows it. */
export const CAPTCHA_CHALLENGE_SIZE = { width: 320, height: 430 } as const;

export type CaptchaMetaValues = Record<string, string>;

/** The token record kept in local storage (spec §3). */
export interface CaptchaRecord {
  action: string;
  meta: CaptchaMetaValues;
  captcha_token: string;
  /** Seconds, as the server gave them. */
  expires_in: number;
  /** Epoch ms: received + expires_in − 30 s. */
  expires_at: number;
}

export interface CaptchaChallengeResult {
  captcha_token: string;
  expires_in: number;
}

export interface CaptchaFlowConfig {
  request: RequestClient;
  storage: KeyValueStorage;
  clientId: string;
  deviceId: () => string;
  /**
   * Shows the challenge page at `url` and resolves with the token its redirect
   * address carries (see `readChallengeRedirect`); rejects with `captchaCancelled()`
   * when the user closes it first.
   */
  showChallenge: (url: string) => Promise<CaptchaChallengeResult>;
  now?: Clock;
}

export interface GetTokenOptions {
  /** A token the server just refused: it is replaced even if it has not expired. */
  invalidToken?: string | undefined;
}

export interface CaptchaFlow {
  getToken(action: string, meta: CaptchaMetaValues, options?: GetTokenOptions): Promise<string>;
  read(): CaptchaRecord | undefined;
  clear(): void;
}

export function captchaStorageKey(clientId: string): string {
  return `${CAPTCHA_STORAGE_PREFIX}${clientId}`;
}

/** The error a challenge closed before it was passed rejects with. */
export function captchaCancelled(): NimbusError {
  return new NimbusError("cancelled", "captcha challenge closed");
}

function seconds(value: unknown): number {
  const number = typeof value === "string" ? Number(value) : value;
  return typeof number === "number" && Number.isFinite(number) ? number : 0;
}

/** The token a challenge's redirect address carries in its query, if any. */
export function readChallengeRedirect(address: string): CaptchaChallengeResult | undefined {
  let params: URLSearchParams;
  try {
    params = new URL(address, "http://redirect.invalid").searchParams;
  } catch {
    return undefined;
  }
  const token = params.get("captcha_token");
  if (!token) return undefined;
  return { captcha_token: token, expires_in: seconds(params.get("expires_in")) };
}

function parseRecord(value: unknown): CaptchaRecord | undefined {
  if (!isRecord(value)) return undefined;
  const { action, meta, captcha_token, expires_in, expires_at } = value;
  if (typeof action !== "string" || typeof captcha_token !== "string" || captcha_token === "")
    return undefined;
  if (typeof expires_in !== "number" || typeof expires_at !== "number") return undefined;
  return {
    action,
    meta: isRecord(meta) ? (meta as CaptchaMetaValues) : {},
    captcha_token,
    expires_in,
    expires_at,
  };
}

/**
 * The captcha flow of spec §4. An unexpired token stored for the same action is
 * reused; otherwise the init call answers a token directly, or a challenge `url`
 * to show first. Calls are serialized, so concurrent requests share one init (and
 * one challenge) instead of racing.
 */
export function createCaptchaFlow(config: CaptchaFlowConfig): CaptchaFlow {
  const now = config.now ?? systemClock;
  const key = captchaStorageKey(config.clientId);
  const lock = createLock();
  const read = () => parseRecord(readJson(config.storage, key));

  async function init(action: string, meta: CaptchaMetaValues, previous: string): Promise<CaptchaRecord> {
    const answer = await config.request<unknown>({
      method: "POST",
      path: CAPTCHA_INIT_PATH,
      body: {
        client_id: config.clientId,
        action,
        device_id: config.deviceId(),
        captcha_token: previous,
        meta,
      },
    });
    const fields = isRecord(answer) ? answer : {};
    let result: CaptchaChallengeResult;
    if (typeof fields.url === "string" && fields.url !== "") {
      result = await config.showChallenge(fields.url);
    } else if (typeof fields.captcha_token === "string" && fields.captcha_token !== "") {
      result = { captcha_token: fields.captcha_token, expires_in: seconds(fields.expires_in) };
    } else {
      throw new NimbusError("unknown", "captcha init answered neither url nor captcha_token");
    }
    if (typeof result.captcha_token !== "string" || result.captcha_token === "") {
      throw new NimbusError("unknown", "captcha challenge gave no captcha_token");
    }
    const expiresIn = seconds(result.expires_in);
    return {
      action,
      meta,
      captcha_token: result.captcha_token,
      expires_in: expiresIn,
      expires_at: now() + expiresIn * 1000 - CAPTCHA_EARLY_EXPIRY_MS,
    };
  }

  return {
    read,
    clear: () => config.storage.removeItem(key),
    getToken: (action, meta, options = {}) =>
      lock.hold(async () => {
        const stored = read();
        if (
          stored &&
          stored.action === action &&
          now() < stored.expires_at &&
          stored.captcha_token !== options.invalidToken
        ) {
          return stored.captcha_token;
        }
        const record = await init(action, meta, options.invalidToken ?? stored?.captcha_token ?? "");
        config.storage.setItem(key, JSON.stringify(record));
        return record.captcha_token;
      }),
  };
}
