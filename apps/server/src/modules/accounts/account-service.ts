import { type Locale, NimbusError, type SigninRequest, type SignupRequest } from "@nimbus/protocol";
import { isUniqueViolation } from "../../db/errors.js";
import type { Clock } from "../../lib/clock.js";
import { newId } from "../../lib/ids.js";
import type { AuthService, IssuedTokens, IssueOptions } from "../auth/auth-service.js";
import { hashPassword, verifyDecoy, verifyPassword } from "../auth/passwords.js";
import type { RateLimitStore } from "../rate-limits/rate-limit-store.js";
import type { UserRow } from "../users/users-repository.js";
import type { AccountsRepository } from "./accounts-repository.js";
import { normalizePhone, normalizeUsername, parseAccountName, type Target, targetOf } from "./identifiers.js";
import type { Attempt, SigninGuard } from "./signin-guard.js";
import type { TwoFactorService } from "./two-factor-service.js";
import { TWO_FACTOR_TOKEN_TTL_S, type TwoFactorTokens } from "./two-factor-tokens.js";
import type { VerificationService } from "./verification-service.js";

const HOUR_MS = 3_600_000;

/** Where a sign-up or sign-in comes from, and how its session is issued. */
export interface SigninContext {
  clientId: string;
  ip: string;
  deviceId: string;
  /** The captcha shield let the call through on a solved challenge. */
  captchaSolved?: boolean;
  /** Accept-Language's locale, stored on a new account for its mail. */
  locale?: Locale | undefined;
  issue?: IssueOptions;
}

export interface AccountServiceDeps {
  accounts: AccountsRepository;
  auth: AuthService;
  verifications: VerificationService;
  twoFactor: TwoFactorService;
  twoFactorTokens: TwoFactorTokens;
  guard: SigninGuard;
  rateLimits: RateLimitStore;
  clock: Clock;
  signupsPerIpHour: number;
  /** Called when an account's deletion is cancelled by signing in. */
  cancelDeletion: (userId: string) => Promise<void>;
}

/** Who may become a user and prove who they are; tokens themselves are `AuthService`'s. */
export class AccountService {
  constructor(private readonly deps: AccountServiceDeps) {}

  /** A new account for an email or phone proven by a code (REGISTER or SIGN_IN token). */
  async signup(request: SignupRequest, context: SigninContext): Promise<IssuedTokens> {
    await this.countSignup(context);
    const target = await this.deps.verifications.consume(request.verification_token, ["REGISTER", "SIGN_IN"]);
    if ((request.email || request.phone_number) && targetOf(request).value !== target.value) {
      throw new NimbusError("invalid_argument", "the verified address differs", {
        metadata: { field: request.email ? "email" : "phone_number" },
      });
    }
    const id = await this.create(target, context, {
      username: request.username,
      name: request.name,
      password: request.password,
      attribution: signupAttribution(request),
    });
    return this.deps.auth.issueTokens(id, context.clientId, context.issue);
  }

  /**
   * A new account for an email another provider verified (sign-in with other
   * providers); the same per-address limit as `signup`. Answers the new user's id.
   */
  async createVerified(email: string, name: string | undefined, context: SigninContext): Promise<string> {
    await this.countSignup(context);
    return this.create({ channel: "email", value: email }, context, { name });
  }

  /**
   * Signs in a person another provider vouched for: the checks that follow a right
   * password (status, pending deletion, the second factor, the reset flag), then a session.
   */
  async signinVouched(user: UserRow, context: SigninContext): Promise<IssuedTokens> {
    this.admissible(user, false);
    if (this.deps.twoFactor.isEnabled(user)) throw await this.twoFactorRequired(user, user.email, context);
    if (user.password_reset_required_at !== null) {
      throw new NimbusError("password_reset_required", "reset the password with a code first");
    }
    return this.deps.auth.issueTokens(user.id, context.clientId, context.issue);
  }

  private async countSignup(context: SigninContext): Promise<void> {
    if ((await this.deps.rateLimits.hit(`signup:ip:${context.ip}`, HOUR_MS)) > this.deps.signupsPerIpHour) {
      throw new NimbusError("too_many_requests", "too many accounts created from this address");
    }
  }

  private async create(
    target: Target,
    context: SigninContext,
    fields: {
      username?: string | undefined;
      name?: string | undefined;
      password?: string | undefined;
      /** Where the person came from (`signupAttribution`), JSON or null. */
      attribution?: string | null;
    },
  ): Promise<string> {
    const now = this.deps.clock.now();
    const id = newId(now);
    try {
      await this.deps.accounts.insert({
        id,
        email: target.channel === "email" ? target.value : "",
        phone: target.channel === "sms" ? normalizePhone(target.value) : null,
        username: fields.username ? normalizeUsername(fields.username) : null,
        name: fields.name ?? defaultName(target),
        password_hash: fields.password ? await hashPassword(fields.password) : null,
        status: "ACTIVE",
        vip_type: "novip",
        signup_attribution: fields.attribution ?? null,
        ...(context.locale ? { locale: context.locale } : {}),
        created_at: now,
        updated_at: now,
      });
    } catch (error) {
      if (isUniqueViolation(error)) throw await this.takenError(target, fields.username);
      throw error;
    }
    return id;
  }

  /** Refuses a blocked, pending or otherwise inactive account, and one due for deletion unless cancelled. */
  private admissible(user: UserRow, cancelDeletion: boolean): void {
    if (user.status === "BLOCKED") throw new NimbusError("user_blocked");
    if (user.status === "PENDING") throw new NimbusError("user_pending");
    if (user.status !== "ACTIVE") throw new NimbusError("invalid_status");
    if (user.deletion_requested_at !== null && !cancelDeletion) {
      throw new NimbusError("under_review", "the account is due for deletion", {
        metadata: { delete_at: new Date(user.deletion_due_at ?? 0).toISOString() },
      });
    }
  }

  private async twoFactorRequired(
    user: UserRow,
    accountKey: string,
    context: SigninContext,
  ): Promise<NimbusError> {
    const token = await this.deps.twoFactorTokens.issue({
      userId: user.id,
      clientId: context.clientId,
      accountKey,
    });
    return new NimbusError("two_factor_required", "a second factor is needed", {
      metadata: { two_factor_token: token, expires_in: String(TWO_FACTOR_TOKEN_TTL_S) },
    });
  }

  /**
   * Every way in (see `signinRequestSchema`): first factor (password or code, or a
   * `two_factor_token` standing for one), then status, pending deletion, the second
   * factor, the reset flag, and a session.
   */
  async signin(request: SigninRequest, context: SigninContext): Promise<IssuedTokens> {
    const { user, attempt, viaTwoFactorToken } = await this.firstFactor(request, context);
    const { guard } = this.deps;

    this.admissible(user, request.cancel_deletion === true);

    if (this.deps.twoFactor.isEnabled(user)) {
      if (!request.two_factor_code && !request.recovery_code) {
        if (viaTwoFactorToken)
          throw new NimbusError("invalid_two_factor", "give two_factor_code or recovery_code");
        throw await this.twoFactorRequired(user, attempt.accountKey, context);
      }
      const reservation = await guard.reserve(attempt);
      try {
        await this.deps.twoFactor.verify(user, {
          code: request.two_factor_code,
          recoveryCode: request.recovery_code,
        });
      } catch (error) {
        await guard.fail(reservation);
        throw error;
      }
      await guard.release(reservation);
    }
    if (viaTwoFactorToken) await this.deps.twoFactorTokens.spend(viaTwoFactorToken);

    if (user.deletion_requested_at !== null) await this.deps.cancelDeletion(user.id);
    if (user.password_reset_required_at !== null) {
      throw new NimbusError("password_reset_required", "reset the password with a code first");
    }
    await guard.succeed(attempt);
    return this.deps.auth.issueTokens(user.id, context.clientId, context.issue);
  }

  /**
   * The account a sign-in proves. A password is checked only once the guard counted the
   * attempt (failures slow down and freeze its source); a mailed code proves the
   * address by itself, so no freeze stands in its way.
   */
  private async firstFactor(
    request: SigninRequest,
    context: SigninContext,
  ): Promise<{ user: UserRow; attempt: Attempt; viaTwoFactorToken?: string }> {
    const { accounts, guard } = this.deps;
    const attemptOf = async (accountKey: string, userId: string | undefined): Promise<Attempt> => ({
      accountKey,
      ip: context.ip,
      deviceId: context.deviceId,
      captchaSolved: context.captchaSolved === true,
      knownDevice: await guard.knowsDevice(userId ?? "", context.deviceId),
    });

    if (request.two_factor_token) {
      const pending = await this.deps.twoFactorTokens.find(request.two_factor_token);
      const attempt = await attemptOf(pending.accountKey, pending.userId);
      await guard.check(attempt);
      const user = await accounts.findById(pending.userId);
      if (!user || pending.clientId !== context.clientId) throw new NimbusError("invalid_grant");
      return { user, attempt, viaTwoFactorToken: request.two_factor_token };
    }

    if (request.verification_token) {
      const target = await this.deps.verifications.consume(request.verification_token, [
        "SIGN_IN",
        "REGISTER",
      ]);
      const user = await accounts.findByTarget(target);
      if (!user) throw new NimbusError("user_not_exist", "no account has this address yet: sign up");
      return { user, attempt: await attemptOf(target.value, user.id) };
    }

    if (!request.username || !request.password) {
      throw new NimbusError("invalid_argument", "give username and password, or verification_token", {
        metadata: { field: request.username ? "password" : "username" },
      });
    }
    const name = parseAccountName(request.username);
    const user = await accounts.findByName(name);
    const attempt = await attemptOf(name.value, user?.id);
    const reservation = await guard.reserve(attempt);
    // Unknown account and wrong password answer alike, in the same time.
    const valid = user?.password_hash
      ? await verifyPassword(user.password_hash, request.password)
      : await verifyDecoy(request.password);
    if (!user || !valid) {
      await guard.fail(reservation);
      throw new NimbusError("invalid_account_or_password");
    }
    await guard.release(reservation);
    return { user, attempt };
  }

  private async takenError(target: Target, username: string | undefined): Promise<NimbusError> {
    const taken = await this.deps.accounts.findByTarget(target);
    const field = taken
      ? target.channel === "email"
        ? "email"
        : "phone_number"
      : username
        ? "username"
        : "email";
    return new NimbusError("already_exists", `an account with this ${field} exists`, { metadata: { field } });
  }
}

function defaultName(target: Target): string {
  if (target.channel === "email") return target.value.split("@")[0] || target.value;
  return `…${target.value.slice(-4)}`;
}

/** What the web sent of where the visitor came from (spec §3, §9), as stored JSON; null when nothing. */
export function signupAttribution(request: Pick<SignupRequest, "attribution" | "referrers">): string | null {
  const attribution = Object.fromEntries(
    Object.entries(request.attribution ?? {}).filter(([, value]) => value !== undefined),
  );
  const referrers = [...new Set(request.referrers ?? [])];
  if (Object.keys(attribution).length === 0 && referrers.length === 0) return null;
  return JSON.stringify({ ...attribution, ...(referrers.length > 0 ? { referrers } : {}) });
}
