import type { CaptchaConfig } from "../../config/shield-config.js";
import { parseAccountName } from "../accounts/identifiers.js";
import type { RateLimitStore } from "../rate-limits/rate-limit-store.js";
import { codeFailureKeys } from "../rewards/activation-guard.js";
import { clientFailuresKey, PASS_CODE_MAX_FAILURES, shareFailuresKey } from "../shares/pass-code-guard.js";

const INIT_WINDOW_MS = 10 * 60_000;
/**
 * An address is shared by many people (homes, offices, carrier NAT), so its
 * thresholds are this many times those of one account or device.
 */
export const ADDRESS_FACTOR = 10;

/** Who is asking, for what. */
export interface RiskSubject {
  action: string;
  ip: string;
  deviceId: string;
  /** The account named (email, phone number or username), normalized; "" when none. */
  account: string;
  /** The share a call opens (its passcode guesses count), if any. */
  shareId?: string | undefined;
}

/** Why a challenge is needed, or undefined for low risk. */
export type RiskReason =
  | "mode_always"
  | "signin_failures"
  | "code_sends"
  | "signups"
  | "passcode_guesses"
  | "code_guesses"
  | "init_burst"
  | undefined;

/**
 * The account key accounts records under (`signin-fail:account:<account>`,
 * `code-send:target:<account>`): a phone number as `+digits`, like accounts stores it.
 */
export function normalizeAccount(value: string | undefined): string {
  return value?.trim() ? parseAccountName(value).value : "";
}

/**
 * The captcha risk policy. It reads what accounts records in the
 * RateLimitStore (sign-in failures, code sends, sign-ups), what shares records (wrong
 * passcodes per share and address), what rewards records (wrong activation codes) and
 * what the shield counts itself (inits), per address, account and device. In `risk` mode a clean first attempt is low risk: no captcha needed.
 */
export class RiskPolicy {
  constructor(
    private readonly store: RateLimitStore,
    private readonly config: CaptchaConfig,
  ) {}

  async assess(subject: RiskSubject): Promise<RiskReason> {
    if (this.config.mode === "off") return undefined;
    if (this.config.mode === "always") return "mode_always";
    const { failureThreshold: failures, codeSendThreshold: sends } = this.config;
    const { ip, deviceId, account } = subject;
    const over = async (key: string, limit: number) => (await this.store.count(key)) >= limit;
    const any = async (checks: Array<[string, number]>) => {
      for (const [key, limit] of checks) if (await over(key, limit)) return true;
      return false;
    };
    const signinChecks: Array<[string, number]> = [[`signin-fail:ip:${ip}`, failures * ADDRESS_FACTOR]];
    if (deviceId) signinChecks.push([`signin-fail:device:${deviceId}`, failures]);
    if (account) signinChecks.push([`signin-fail:account:${account}`, failures]);
    if (await any(signinChecks)) return "signin_failures";
    const sendChecks: Array<[string, number]> = [[`code-send:ip:${ip}`, sends * ADDRESS_FACTOR]];
    if (account) sendChecks.push([`code-send:target:${account}`, sends]);
    if (await any(sendChecks)) return "code_sends";
    if (await over(`signup:ip:${ip}`, sends * ADDRESS_FACTOR)) return "signups";
    if (subject.shareId && (await over(clientFailuresKey(subject.shareId, ip), PASS_CODE_MAX_FAILURES))) {
      return "passcode_guesses";
    }
    const codeKeys = codeFailureKeys({ deviceId, ip });
    const codeChecks: Array<[string, number]> = [[codeKeys.ip, failures * ADDRESS_FACTOR]];
    if (codeKeys.device) codeChecks.push([codeKeys.device, failures]);
    if (await any(codeChecks)) return "code_guesses";
    return undefined;
  }

  /** Counts an init; answers whether this address or device is initting in a burst. */
  async recordInit(subject: RiskSubject): Promise<boolean> {
    const limit = this.config.initLimit;
    const byIp = await this.store.hit(`captcha-init:ip:${subject.ip}`, INIT_WINDOW_MS);
    const byDevice = await this.store.hit(`captcha-init:device:${subject.deviceId}`, INIT_WINDOW_MS);
    return byIp > limit * ADDRESS_FACTOR || byDevice > limit;
  }

  /**
   * A solved challenge buys a share's visitor another round of passcode guesses
   * (the shares guard counts them under this key).
   */
  async forgivePassCodeGuesses(subject: RiskSubject): Promise<void> {
    if (subject.shareId) await this.store.reset(clientFailuresKey(subject.shareId, subject.ip));
  }

  /**
   * How many times the proof of work for a share's visitor costs more than the base:
   * doubling with every round of wrong passcodes the share took from anyone this hour.
   */
  async powCostFactor(shareId: string | undefined): Promise<number> {
    if (!shareId) return 1;
    const rounds = Math.floor((await this.store.count(shareFailuresKey(shareId))) / PASS_CODE_MAX_FAILURES);
    return 2 ** Math.min(rounds, MAX_POW_DOUBLINGS);
  }
}

const MAX_POW_DOUBLINGS = 4;
