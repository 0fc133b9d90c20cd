import { type ChangeEmailResponse, NimbusError, type PasswordResetRequest } from "@nimbus/protocol";
import { isUniqueViolation } from "../../db/errors.js";
import type { Clock } from "../../lib/clock.js";
import type { AuthService } from "../auth/auth-service.js";
import { hashPassword } from "../auth/passwords.js";
import type { AccountsRepository } from "./accounts-repository.js";
import type { SigninGuard } from "./signin-guard.js";
import type { VerificationService } from "./verification-service.js";

export interface AccountChangesDeps {
  accounts: AccountsRepository;
  auth: AuthService;
  verifications: VerificationService;
  guard: SigninGuard;
  clock: Clock;
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
    await this.deps.guard.succeed({ accountKey: target.value, ip: "", deviceId: "" });
    await this.deps.auth.revokeAllSessions(user.id);
  }

  /** Moves the signed-in user's email to the address a CHANGE_EMAIL token (asked for by them) proved. */
  async changeEmail(userId: string, verificationToken: string): Promise<ChangeEmailResponse> {
    const target = await this.deps.verifications.consume(verificationToken, ["CHANGE_EMAIL"], userId);
    try {
      await this.deps.accounts.update(userId, { email: target.value }, this.deps.clock.now());
    } catch (error) {
      if (isUniqueViolation(error)) {
        throw new NimbusError("already_exists", "an account with this email exists", {
          metadata: { field: "email" },
        });
      }
      throw error;
    }
    return { email: target.value };
  }
}
