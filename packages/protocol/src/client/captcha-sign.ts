import { md5Hex } from "./md5.js";

/**
 * The ten salts of the captcha signature (spec §7). They are configuration, not a
 * secret: any client can read them. Web client and server must use the same list.
 */
export const DEFAULT_CAPTCHA_SALTS: readonly string[] = [
  "a7GxdmqiTNQTP2KaLMg4",
  "DasNphsm2jyuXv1h61NW",
  "plhRLBcCoQSR8IgQMPK5",
  "4rdY2DR6TLBL4JSmHEk2",
  "w1JAJRu0kZQvcw06AeZL",
  "PB1ICPOw1OzZyTLN4Css",
  "vHOBCBn7IfrHiTmgrFZo",
  "UY03U7zdYQ6hghMmcvWJ",
  "uWZHcMygfiTQea7PTUUX",
  "AYF3qjlBbtT7HkAGlyVd",
];

/** The version prefix of `captcha_sign`. */
export const CAPTCHA_SIGN_VERSION = "1";

export interface CaptchaSignInput {
  clientId: string;
  clientVersion: string;
  packageName: string;
  deviceId: string;
  /** Milliseconds since the epoch, as sent in the metadata's `timestamp`. */
  timestamp: string | number;
}

/**
 * `1.{hash}`: the hash starts as client id + version + package name + device id +
 * timestamp, and each salt in turn replaces it with MD5(hash + salt).
 */
export function captchaSign(
  input: CaptchaSignInput,
  salts: readonly string[] = DEFAULT_CAPTCHA_SALTS,
): string {
  let hash = `${input.clientId}${input.clientVersion}${input.packageName}${input.deviceId}${input.timestamp}`;
  for (const salt of salts) hash = md5Hex(hash + salt);
  return `${CAPTCHA_SIGN_VERSION}.${hash}`;
}

/** The `meta` a captcha init sends for a signed-in or anonymous client call (spec §3). */
export interface CaptchaMeta {
  captcha_sign: string;
  client_version: string;
  package_name: string;
  /** Empty when nobody is signed in. */
  user_id: string;
  timestamp: string;
}

export function captchaMeta(
  input: CaptchaSignInput & { userId?: string | undefined },
  salts: readonly string[] = DEFAULT_CAPTCHA_SALTS,
): CaptchaMeta {
  return {
    captcha_sign: captchaSign(input, salts),
    client_version: input.clientVersion,
    package_name: input.packageName,
    user_id: input.userId ?? "",
    timestamp: String(input.timestamp),
  };
}
