import {
  type ChangeEmailResponse,
  DEFAULT_LOCALE,
  isLocale,
  NimbusError,
  type PasswordResetRequest,
} from "@nimbus/protocol";
import { isUniqueViolation } from "../../db/errors.js";
import type { Clock } from "../../lib/clock.js";
import type { Mailer, MailLogger } from "../../mail/mailer.js";
import type { AuthService } from "../auth/auth-service.js";
import { hashPassword } from "../auth/passwords.js";
import { emailChangedMail } from "./account-notices.js";
import type { AccountsRepository } from "./accounts-repository.js";
import type { SigninGuard } from "./signin-guard.js";
import type { VerificationService } from "./verification-service.js";

export interface AccountChangesDeps {
  accounts: AccountsRepository;
  auth: AuthService;
  verifications: VerificationService;
  guard: SigninGuard;
  clock: Clock;
  /** Where account notices go out. */
  mailer: Mailer;
  /** Notices that could not be sent are logged here. */
  log: MailLogger;
  /** The public origin, for the contact link in notices. */
  publicUrl: string;
}

/** Changes proven by a code: a forgotten password, a new email. */
export class AccountChanges {
  constructor(private readonly deps: AccountChangesDeps) {}

  /**
   * Sets a new password from a RESET_PASSWORD token: clears the reset-required flag
   * and a freeze of that address, and ends every session (whoever knew the old
   * password is out).
   */
  async resetPassword(request: PasswordResetRequest): Promise<void> {
    const { accounts, clock } = this.deps;
    const target = await this.deps.verifications.consume(request.verification_token, ["RESET_PASSWORD"]);
    const user = await accounts.findByTarget(target);
    if (!user) throw new NimbusError("invalid_verification_code", "no account has this address");
    await accounts.update(
      user.id,
      { password_hash: await hashPassword(request.password), password_reset_required_at: null },
      clock.now(),
    );
    await this.deps.guard.forgetAccount(target.value);
    await this.deps.auth.revokeAllSessions(user.id);
  }

  /**
   * Moves the signed-in user's email to the address a CHANGE_EMAIL token (asked for by them)
   * proved, and tells the old address (in the account's language), so someone who took over
   * a session cannot move the account away unnoticed.
   */
  async changeEmail(userId: string, verificationToken: string): Promise<ChangeEmailResponse> {
    const target = await this.deps.verifications.consume(verificationToken, ["CHANGE_EMAIL"], userId);
    const before = await this.deps.accounts.findById(userId);
    const now = this.deps.clock.now();
    try {
      await this.deps.accounts.update(userId, { email: target.value }, now);
    } catch (error) {
      if (isUniqueViolation(error)) {
        throw new NimbusError("already_exists", "an account with this email exists", {
          metadata: { field: "email" },
        });
      }
      throw error;
    }
    if (before?.email && before.email !== target.value) {
      await this.notifyEmailChanged(before.email, target.value, now, before.locale);
    }
    return { email: target.value };
  }

  /**
   * Best effort: the change is made, so a mail server that fails now must not turn it
   * into an error the caller would retry; the failure is logged.
   */
  private async notifyEmailChanged(oldEmail: string, newEmail: string, at: number, locale: string) {
    const language = isLocale(locale) ? locale : DEFAULT_LOCALE;
    const contactUrl = `${this.deps.publicUrl}/${language}/contact-us`;
    try {
      await this.deps.mailer.send(
        emailChangedMail({ to: oldEmail, newEmail, at, locale: language, contactUrl }),
      );
    } catch (error) {
      this.deps.log.warn({ err: error, scene: "email-changed" }, "account notice not sent");
    }
  }
}
