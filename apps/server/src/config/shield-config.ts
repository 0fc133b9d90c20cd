import { isIpOrRange } from "./ip-ranges.js";
import type { Env } from "./schema.js";

export type CaptchaMode = "risk" | "always" | "off";

/** The captcha shield: when tokens are needed and what a challenge costs. */
export interface CaptchaConfig {
  mode: CaptchaMode;
  /** `METHOD:/path` actions whose calls are checked for `x-captcha-token`. */
  actions: string[];
  /** Clients whose `captcha_sign` is checked with the protocol's default salts. */
  signClients: string[];
  tokenTtlMs: number;
  /** Failures per hour (address, account, device) before a challenge is needed. */
  failureThreshold: number;
  /** Verification codes sent per hour (address, target) before a challenge is needed. */
  codeSendThreshold: number;
  /** Inits per 10 minutes (address, device) before every init answers a challenge. */
  initLimit: number;
  pow: { cost: number; maxCounter: number };
}

/** Region access. */
export interface RegionConfig {
  /** Upper-case ISO 3166-1 alpha-2 codes. */
  blockedCountries: string[];
  /** An operator's `.mmdb` instead of the bundled database. */
  geoipDatabase: string | undefined;
}

/**
 * Fastify's `trustProxy`: whether and which proxies' `X-Forwarded-For` names the
 * client; a hop count becomes "trust the nearest n hops".
 */
export type TrustProxy = boolean | string[] | ((address: string, hop: number) => boolean);

const ACTION = /^[A-Z]+:\/\S*$/;
const COUNTRY = /^[A-Z]{2}$/;

function list(value: string | undefined): string[] {
  return (value ?? "")
    .split(",")
    .map((entry) => entry.trim())
    .filter(Boolean);
}

export function captchaConfig(e: Env, problems: string[]): CaptchaConfig {
  const actions = list(e.CAPTCHA_ACTIONS);
  const bad = actions.filter((action) => !ACTION.test(action));
  if (bad.length > 0) problems.push(`CAPTCHA_ACTIONS: not METHOD:/path: ${bad.join(", ")}`);
  return {
    mode: e.CAPTCHA_MODE,
    actions,
    signClients: list(e.CAPTCHA_SIGN_CLIENTS),
    tokenTtlMs: e.CAPTCHA_TOKEN_TTL_SECONDS * 1000,
    failureThreshold: e.CAPTCHA_FAILURES,
    codeSendThreshold: e.CAPTCHA_CODE_SENDS,
    initLimit: e.CAPTCHA_INIT_LIMIT,
    pow: { cost: e.CAPTCHA_POW_COST, maxCounter: e.CAPTCHA_POW_COUNTER },
  };
}

export function regionConfig(e: Env, problems: string[]): RegionConfig {
  const blockedCountries = list(e.BLOCKED_COUNTRIES).map((code) => code.toUpperCase());
  const bad = blockedCountries.filter((code) => !COUNTRY.test(code));
  if (bad.length > 0) problems.push(`BLOCKED_COUNTRIES: not a two-letter country code: ${bad.join(", ")}`);
  return { blockedCountries, geoipDatabase: e.GEOIP_DATABASE };
}

export function trustProxy(value: string, problems: string[]): TrustProxy {
  if (value === "true") return true;
  if (value === "false") return false;
  if (/^\d+$/.test(value)) {
    const hops = Number(value);
    return (_address, hop) => hop < hops;
  }
  const proxies = list(value);
  const bad = proxies.filter((entry) => !isIpOrRange(entry));
  if (bad.length > 0) problems.push(`TRUST_PROXY: not an address or CIDR range: ${bad.join(", ")}`);
  return proxies;
}
