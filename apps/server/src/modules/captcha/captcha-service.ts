import {
  CAPTCHA_CHALLENGE_PATH,
  CAPTCHA_REDIRECT_PATH,
  type CaptchaInitMeta,
  NimbusError,
} from "@nimbus/protocol";
import type { CaptchaConfig } from "../../config/shield-config.js";
import type { Clock } from "../../lib/clock.js";
import { Signer } from "../../lib/signer.js";
import type { RateLimitStore } from "../rate-limits/rate-limit-store.js";
import { checkCaptchaSign, type SaltsLookup } from "./captcha-sign-check.js";
import { type CaptchaGrant, CaptchaTokens } from "./captcha-tokens.js";
import { type PowChallenge, ProofOfWork } from "./proof-of-work.js";
import { normalizeAccount, RiskPolicy, type RiskReason, type RiskSubject } from "./risk-policy.js";

/** How long a challenge `url` can be used. */
export const CHALLENGE_TTL_MS = 10 * 60_000;
const TICKET = "challenge-ticket";

export interface CaptchaServiceDeps {
  config: CaptchaConfig;
  secretKey: string;
  publicUrl: string;
  clock: Clock;
  rateLimits: RateLimitStore;
  /** A client's `captcha_sign` salts (the client registry), undefined when it signs nothing. */
  salts: SaltsLookup;
}

export interface InitInput {
  clientId: string;
  action: string;
  deviceId: string;
  meta: CaptchaInitMeta | undefined;
  ip: string;
  /** The negotiated locale, passed on to the challenge page. */
  locale: string;
}

export type InitAnswer = { captcha_token: string; expires_in: number } | { url: string; expires_in: number };

/** A protected call as the check sees it. */
export interface CheckInput {
  action: string;
  token: string | undefined;
  /** From `x-device-id` (or the body's `device_id`); "" when the call names none. */
  deviceId: string;
  /** From `x-client-id` (or the body's `client_id`); undefined when the call names none. */
  clientId: string | undefined;
  ip: string;
  account: string | undefined;
  /** The share the call opens (`share_id`), for passcode guessing. */
  shareId?: string | undefined;
}

export interface Ticket {
  action: string;
  deviceId: string;
  clientId: string;
  expiresAt: number;
  /** The share whose passcode the challenge is for, if any. */
  shareId?: string;
}

/**
 * The captcha shield: `init` answers a token at once or a challenge
 * url as the risk policy decides; the challenge page's proof of work earns a token;
 * `check` guards the configured actions (4001 `captcha_required`, 4002 `captcha_invalid`).
 * Tokens earned by a challenge are single-use while the risk policy asks for one; on
 * a share, one buys another round of passcode guesses.
 */
export class CaptchaService {
  readonly tokens: CaptchaTokens;
  readonly policy: RiskPolicy;
  private readonly pow: ProofOfWork;
  private readonly signer: Signer;
  private readonly protectedActions: ReadonlySet<string>;

  constructor(private readonly deps: CaptchaServiceDeps) {
    const { config, secretKey, clock, rateLimits } = deps;
    this.tokens = new CaptchaTokens(secretKey, clock, config.tokenTtlMs);
    this.policy = new RiskPolicy(rateLimits, config);
    this.pow = new ProofOfWork(secretKey, { ...config.pow, ttlMs: CHALLENGE_TTL_MS });
    this.signer = new Signer(secretKey, "captcha");
    this.protectedActions = new Set(config.mode === "off" ? [] : config.actions);
  }

  protects(action: string): boolean {
    return this.protectedActions.has(action);
  }

  async init(input: InitInput): Promise<InitAnswer> {
    const now = this.deps.clock.now();
    const sign = checkCaptchaSign(this.deps.salts(input.clientId), { ...input, now });
    if (sign === "invalid") {
      throw new NimbusError("captcha_invalid", "captcha_sign does not match this client", {
        metadata: { reason: "captcha_sign" },
      });
    }
    const subject: RiskSubject = {
      action: input.action,
      ip: input.ip,
      deviceId: input.deviceId,
      account: accountOf(input.meta),
      shareId: input.meta?.share_id,
    };
    const burst = await this.policy.recordInit(subject);
    const reason: RiskReason =
      burst && this.deps.config.mode !== "off" ? "init_burst" : await this.policy.assess(subject);
    if (!reason) {
      const issued = this.tokens.issue({ ...input, level: "pass" });
      return { captcha_token: issued.token, expires_in: issued.expiresIn };
    }
    const ticket = this.signer.sign(TICKET, {
      a: input.action,
      d: input.deviceId,
      c: input.clientId,
      e: now + CHALLENGE_TTL_MS,
      ...(subject.shareId && { s: subject.shareId }),
    });
    const query = new URLSearchParams({ c: ticket, lang: input.locale });
    return {
      url: `${this.deps.publicUrl}${CAPTCHA_CHALLENGE_PATH}?${query}`,
      expires_in: Math.round(CHALLENGE_TTL_MS / 1000),
    };
  }

  /** The ticket of a challenge url; `captcha_invalid` when forged or expired. */
  openTicket(ticket: string): Ticket {
    const value = this.signer.open(TICKET, ticket);
    const { a, d, c, e, s } = value ?? {};
    if (typeof a !== "string" || typeof d !== "string" || typeof c !== "string" || typeof e !== "number") {
      throw new NimbusError("captcha_invalid", "unknown challenge");
    }
    if (this.deps.clock.now() >= e) throw new NimbusError("captcha_invalid", "challenge expired");
    return {
      action: a,
      deviceId: d,
      clientId: c,
      expiresAt: e,
      ...(typeof s === "string" && { shareId: s }),
    };
  }

  /** A fresh proof-of-work challenge for the page showing this ticket; costlier on a share under guessing. */
  async powChallenge(ticket: string): Promise<PowChallenge> {
    const { shareId } = this.openTicket(ticket);
    const factor = await this.policy.powCostFactor(shareId);
    return this.pow.create(ticket, this.deps.clock.now(), factor);
  }

  /** A solved proof of work → a `challenge` token and the address the page redirects to. */
  async solve(
    ticketValue: string,
    payload: string,
  ): Promise<{ captcha_token: string; expires_in: number; redirect: string }> {
    const ticket = this.openTicket(ticketValue);
    const nonce = await this.pow.verify(ticketValue, payload);
    if (!nonce) throw new NimbusError("captcha_invalid", "proof of work not solved");
    if ((await this.deps.rateLimits.hit(`captcha-pow:${nonce}`, CHALLENGE_TTL_MS)) > 1) {
      throw new NimbusError("captcha_invalid", "proof of work already used");
    }
    const issued = this.tokens.issue({ ...ticket, level: "challenge" });
    const query = new URLSearchParams({ captcha_token: issued.token, expires_in: String(issued.expiresIn) });
    return {
      captcha_token: issued.token,
      expires_in: issued.expiresIn,
      redirect: `${CAPTCHA_REDIRECT_PATH}?${query}`,
    };
  }

  /**
   * Guards a call of a protected action; throws 4001/4002, else lets it through and
   * answers whether it came through a solved challenge (the policy saw risk).
   */
  async check(input: CheckInput): Promise<boolean> {
    const subject: RiskSubject = {
      action: input.action,
      ip: input.ip,
      deviceId: input.deviceId,
      account: normalizeAccount(input.account),
      shareId: input.shareId,
    };
    if (!input.token) {
      const reason = await this.policy.assess(subject);
      if (reason)
        throw new NimbusError("captcha_required", `captcha needed (${reason})`, { metadata: { reason } });
      return false;
    }
    const grant = this.tokens.read(input.token);
    const problem = grant ? this.mismatch(grant, input) : "malformed";
    if (problem || !grant) throw invalid(problem ?? "malformed");
    const reason = await this.policy.assess(subject);
    if (!reason) return false;
    if (grant.level !== "challenge") throw invalid("challenge_needed");
    const uses = await this.deps.rateLimits.hit(`captcha-used:${grant.id}`, this.deps.config.tokenTtlMs);
    if (uses > 1) throw invalid("used");
    if (reason === "passcode_guesses") await this.policy.forgivePassCodeGuesses(subject);
    return true;
  }

  private mismatch(grant: CaptchaGrant, input: CheckInput): string | undefined {
    if (this.tokens.isExpired(grant)) return "expired";
    if (grant.action !== input.action) return "action";
    if (grant.deviceId !== input.deviceId) return "device";
    if (input.clientId !== undefined && grant.clientId !== input.clientId) return "client";
    return undefined;
  }
}

function invalid(reason: string): NimbusError {
  return new NimbusError("captcha_invalid", `captcha token refused (${reason})`, { metadata: { reason } });
}

function accountOf(meta: CaptchaInitMeta | undefined): string {
  return normalizeAccount(meta?.email ?? meta?.phone_number ?? meta?.username);
}
