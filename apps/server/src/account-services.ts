import { createMailer, createSmsSender } from "./mail/index.js";
import type { MailLogger } from "./mail/mailer.js";
import { AccountChanges } from "./modules/accounts/account-changes.js";
import { AccountDeletion } from "./modules/accounts/account-deletion.js";
import { registerAccountJobs } from "./modules/accounts/account-jobs.js";
import { AccountService } from "./modules/accounts/account-service.js";
import { AccountsRepository } from "./modules/accounts/accounts-repository.js";
import { SigninGuard } from "./modules/accounts/signin-guard.js";
import { TwoFactorService } from "./modules/accounts/two-factor-service.js";
import { TwoFactorTokens } from "./modules/accounts/two-factor-tokens.js";
import { VerificationService } from "./modules/accounts/verification-service.js";
import { VerificationsRepository } from "./modules/accounts/verifications-repository.js";
import type { AuthService } from "./modules/auth/auth-service.js";
import type { Shared } from "./services.js";

/** Accounts (issue 4): sign-up, sign-in, codes, two-factor, changes by code, deletion. */
export interface AccountServices {
  accounts: AccountService;
  verifications: VerificationService;
  twoFactor: TwoFactorService;
  accountChanges: AccountChanges;
  accountDeletion: AccountDeletion;
}

/** Wires the accounts module and registers its jobs; `shared.mailer`/`shared.sms` replace the configured ones (tests). */
export function wireAccounts(shared: Shared, auth: AuthService, logger: MailLogger): AccountServices {
  const { db, clock, config, jobs, rateLimits } = shared;
  const settings = config.accounts;
  const mailer = shared.mailer ?? createMailer(settings, logger);
  const sms = shared.sms ?? createSmsSender(settings, logger);
  const accounts = new AccountsRepository(db);
  const verificationsRepository = new VerificationsRepository(db);
  const verifications = new VerificationService({
    verifications: verificationsRepository,
    accounts,
    mailer,
    sms,
    rateLimits,
    clock,
    secretKey: config.secretKey,
    codeSendsPerIpHour: settings.codeSendsPerIpHour,
  });
  const guard = new SigninGuard({
    db,
    clock,
    rateLimits,
    freezeAfter: settings.freezeAfterFailures,
    freezeMs: settings.freezeMs,
  });
  const twoFactor = new TwoFactorService({ db, accounts, clock, secretKey: config.secretKey });
  const twoFactorTokens = new TwoFactorTokens(db, clock);
  const accountDeletion = new AccountDeletion({ db, accounts, auth, verifications, clock });
  registerAccountJobs({
    jobs,
    clock,
    deletion: accountDeletion,
    verifications: verificationsRepository,
    twoFactorTokens,
    guard,
  });
  return {
    accounts: new AccountService({
      accounts,
      auth,
      verifications,
      twoFactor,
      twoFactorTokens,
      guard,
      rateLimits,
      clock,
      signupsPerIpHour: settings.signupsPerIpHour,
      cancelDeletion: (userId) => accountDeletion.cancel(userId),
    }),
    verifications,
    twoFactor,
    accountChanges: new AccountChanges({
      accounts,
      auth,
      verifications,
      guard,
      clock,
      mailer,
      log: logger,
      publicUrl: config.publicUrl,
    }),
    accountDeletion,
  };
}
