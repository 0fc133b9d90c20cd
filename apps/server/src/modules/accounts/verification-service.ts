import {
  type Locale,
  NimbusError,
  VERIFICATION_CODE_TTL_S,
  VERIFICATION_RESEND_COOLDOWN_S,
  type VerificationResponse,
  type VerificationUsage,
  type VerifyResponse,
} from "@nimbus/protocol";
import type { Clock } from "../../lib/clock.js";
import { equalSecret } from "../../lib/constant-time.js";
import { newId } from "../../lib/ids.js";
import { hashOpaqueToken, newOpaqueToken } from "../../lib/opaque-token.js";
import type { BackgroundSends } from "../../mail/background-sends.js";
import type { Mailer, SmsSender } from "../../mail/mailer.js";
import type { RateLimitStore } from "../rate-limits/rate-limit-store.js";
import type { AccountsRepository } from "./accounts-repository.js";
import { codeMail, codeSms } from "./code-messages.js";
import { type Channel, type Target, targetOf } from "./identifiers.js";
import { keyedHash, sixDigitCode } from "./secrets.js";
import type { VerificationsRepository } from "./verifications-repository.js";

const HOUR_MS = 3_600_000;
/** Codes one address may receive per hour (one IP's limit is configured: CODE_SENDS_PER_IP_HOUR). */
export const CODE_SENDS_PER_TARGET_HOUR = 10;
/** Usages only a signed-in caller may ask for; their codes are bound to that caller. */
const SIGNED_IN_USAGES: ReadonlySet<VerificationUsage> = new Set(["CHANGE_EMAIL", "DELETE_ACCOUNT"]);

export interface SendCodeInput {
  usage: VerificationUsage;
  target: "ANY" | "USER";
  email?: string | undefined;
  phone_number?: string | undefined;
  /** The signed-in caller, when there is one. */
  userId?: string | undefined;
  ip: string;
  /** From Accept-Language; else the account's stored locale; else en-US. */
  locale?: Locale | undefined;
}

/** What a spent verification token proved. */
export interface VerifiedTarget extends Target {
  usage: VerificationUsage;
}

export interface VerificationDeps {
  verifications: VerificationsRepository;
  accounts: AccountsRepository;
  mailer: Mailer;
  sms: SmsSender;
  /** Codes go out after the answer, so its timing tells nothing about the address. */
  sends: BackgroundSends;
  rateLimits: RateLimitStore;
  clock: Clock;
  secretKey: string;
  codeSendsPerIpHour: number;
}

/** Verification codes: send (cool-down, rate limits), verify (tries, expiry), and the one-use token they give. */
export class VerificationService {
  constructor(private readonly deps: VerificationDeps) {}

  async send(input: SendCodeInput): Promise<VerificationResponse> {
    const { verifications, accounts, clock } = this.deps;
    const target = await this.resolveTarget(input);
    const now = clock.now();
    await this.checkSendLimits(target, input, now);

    const account = await accounts.findByTarget(target);
    const code = sixDigitCode();
    const id = newId(now);
    await verifications.insert({
      id,
      usage: input.usage,
      channel: target.channel,
      target: target.value,
      user_id: SIGNED_IN_USAGES.has(input.usage) ? (input.userId ?? null) : null,
      code_hash: keyedHash(this.deps.secretKey, `${id}:${code}`),
      expires_at: now + VERIFICATION_CODE_TTL_S * 1000,
      token_hash: null,
      token_expires_at: null,
      consumed_at: null,
      created_at: now,
    });
    // Both paths answer before any message goes out and do the same work meanwhile; a
    // reset for an address without an account composes its mail but never sends it.
    const locale = input.locale ?? (account?.locale as Locale | undefined) ?? "en-US";
    const deliver = input.usage !== "RESET_PASSWORD" || account !== undefined;
    this.deps.sends.start(
      "verification-code",
      () => this.deliver(target, input.usage, code, locale, deliver),
      // A code that never arrived cannot be verified: forget it, so a resend is not held back.
      () => verifications.delete(id),
    );
    return {
      verification_id: id,
      expires_in: VERIFICATION_CODE_TTL_S,
      resend_in: VERIFICATION_RESEND_COOLDOWN_S,
    };
  }

  async verify(verificationId: string, code: string): Promise<VerifyResponse> {
    const { verifications, clock } = this.deps;
    const row = await verifications.findById(verificationId);
    if (!row || row.token_hash !== null || row.consumed_at !== null) {
      throw new NimbusError("invalid_verification_code", "no such code or already used");
    }
    const now = clock.now();
    if (row.expires_at <= now) throw new NimbusError("expired_verification_code");
    if (!(await verifications.spendAttempt(row.id))) {
      throw new NimbusError("invalid_verification_code", "too many tries: ask for a new code");
    }
    if (!equalSecret(keyedHash(this.deps.secretKey, `${row.id}:${code}`), row.code_hash)) {
      throw new NimbusError("invalid_verification_code");
    }
    const token = newOpaqueToken("vt");
    if (
      !(await verifications.issueToken(row.id, hashOpaqueToken(token), now + VERIFICATION_CODE_TTL_S * 1000))
    ) {
      throw new NimbusError("invalid_verification_code", "already verified");
    }
    const account = await this.deps.accounts.findByTarget({
      channel: row.channel as Channel,
      value: row.target,
    });
    return { verification_token: token, expires_in: VERIFICATION_CODE_TTL_S, is_user: Boolean(account) };
  }

  /**
   * Spends a verification token for one of `usages`. Tokens of signed-in usages only
   * count for the caller who asked for the code.
   */
  async consume(
    token: string,
    usages: readonly VerificationUsage[],
    userId?: string,
  ): Promise<VerifiedTarget> {
    const { verifications, clock } = this.deps;
    const row = await verifications.findByTokenHash(hashOpaqueToken(token));
    if (!row || row.consumed_at !== null) {
      throw new NimbusError("invalid_verification_code", "unknown or used verification token");
    }
    const usage = row.usage as VerificationUsage;
    if (!usages.includes(usage) || (row.user_id !== null && row.user_id !== userId)) {
      throw new NimbusError("invalid_verification_code", "the verification token is for something else", {
        metadata: { usage },
      });
    }
    const now = clock.now();
    if ((row.token_expires_at ?? 0) <= now) throw new NimbusError("expired_verification_code");
    if (!(await verifications.consume(row.id, now))) {
      throw new NimbusError("invalid_verification_code", "verification token already used");
    }
    return { channel: row.channel as Channel, value: row.target, usage };
  }

  private async resolveTarget(input: SendCodeInput): Promise<Target> {
    if (!SIGNED_IN_USAGES.has(input.usage) && input.target === "ANY") return targetOf(input);
    if (!input.userId)
      throw new NimbusError("unauthenticated", `${input.usage} codes need a signed-in caller`);
    if (input.usage === "CHANGE_EMAIL") {
      const target = targetOf(input);
      if (target.channel !== "email") {
        throw new NimbusError("invalid_argument", "a new email is needed", { metadata: { field: "email" } });
      }
      return target;
    }
    const user = await this.deps.accounts.findById(input.userId);
    if (!user) throw new NimbusError("unauthenticated", "account no longer exists");
    const own: Target = user.email
      ? { channel: "email", value: user.email }
      : { channel: "sms", value: user.phone ?? "" };
    if ((input.email || input.phone_number) && targetOf(input).value !== own.value) {
      throw new NimbusError("invalid_argument", "the code goes to your own email or phone", {
        metadata: { field: input.email ? "email" : "phone_number" },
      });
    }
    return own;
  }

  private async checkSendLimits(target: Target, input: SendCodeInput, now: number): Promise<void> {
    const last = await this.deps.verifications.lastSent(target.value, input.usage);
    const wait = last === undefined ? 0 : last.sentAt + VERIFICATION_RESEND_COOLDOWN_S * 1000 - now;
    if (last && wait > 0) {
      // The code sent moments ago still works: its id lets the caller type it instead of
      // waiting. It tells no more than asking again after the cool-down would (an id for the
      // same target), and a signed-in usage's token still only counts for its own caller.
      throw new NimbusError("too_many_requests", "wait before asking for another code", {
        metadata: {
          retry_after: String(Math.ceil(wait / 1000)),
          ...(last.open ? { verification_id: last.id } : {}),
        },
      });
    }
    const { rateLimits } = this.deps;
    const byTarget = await rateLimits.hit(`code-send:target:${target.value}`, HOUR_MS);
    const byIp = await rateLimits.hit(`code-send:ip:${input.ip}`, HOUR_MS);
    if (byTarget > CODE_SENDS_PER_TARGET_HOUR || byIp > this.deps.codeSendsPerIpHour) {
      throw new NimbusError("too_many_requests", "too many codes asked for: try again later", {
        metadata: { retry_after: String(HOUR_MS / 1000) },
      });
    }
  }

  private async deliver(
    target: Target,
    usage: VerificationUsage,
    code: string,
    locale: Locale,
    send: boolean,
  ): Promise<void> {
    if (target.channel === "email") {
      const mail = codeMail(target.value, usage, code, locale);
      if (send) await this.deps.mailer.send(mail);
    } else {
      const sms = codeSms(target.value, code, locale);
      if (send) await this.deps.sms.send(sms);
    }
  }
}
