import { DEFAULT_LOCALE, isLocale, NimbusError } from "@nimbus/protocol";
import type { Clock } from "../../lib/clock.js";
import type { Mailer, MailLogger } from "../../mail/mailer.js";
import { twoFactorResetMail } from "./account-notices.js";
import type { AccountsRepository } from "./accounts-repository.js";
import type { TwoFactorService } from "./two-factor-service.js";

export interface TwoFactorResetDeps {
  accounts: AccountsRepository;
  twoFactor: TwoFactorService;
  clock: Clock;
  mailer: Mailer;
  /** Notices that could not be sent are logged here. */
  log: MailLogger;
  /** The public origin, for the contact link in the notice. */
  publicUrl: string;
}

/**
 * An admin turns off the two-step verification of someone who lost their authenticator,
 * so they sign in with the password alone; the account's email is told (in its language).
 */
export class TwoFactorReset {
  constructor(private readonly deps: TwoFactorResetDeps) {}

  async reset(userId: string): Promise<void> {
    const user = await this.deps.accounts.findById(userId);
    if (!user) throw new NimbusError("user_not_exist", "no such user", { metadata: { user_id: userId } });
    if (!(await this.deps.twoFactor.reset(userId))) {
      throw new NimbusError("failed_precondition", "two-factor is off");
    }
    if (user.email) await this.notify(user.email, user.locale);
  }

  /** Best effort, as every account notice: the reset is made; a failing mail server is logged. */
  private async notify(to: string, locale: string): Promise<void> {
    const language = isLocale(locale) ? locale : DEFAULT_LOCALE;
    try {
      await this.deps.mailer.send(
        twoFactorResetMail({
          to,
          at: this.deps.clock.now(),
          locale: language,
          contactUrl: `${this.deps.publicUrl}/${language}/contact-us`,
        }),
      );
    } catch (error) {
      this.deps.log.warn({ err: error, scene: "two-factor-reset" }, "account notice not sent");
    }
  }
}
