import type { GrantsServices } from "./grants-services.js";
import { BackgroundSends } from "./mail/background-sends.js";
import { createMailer, createSmsSender } from "./mail/index.js";
import type { Mailer, MailLogger } from "./mail/mailer.js";
import { AccountChanges } from "./modules/accounts/account-changes.js";
import { AccountDeletion } from "./modules/accounts/account-deletion.js";
import { registerAccountJobs } from "./modules/accounts/account-jobs.js";
import { AccountService } from "./modules/accounts/account-service.js";
import { AccountsRepository } from "./modules/accounts/accounts-repository.js";
import { AppPasswordSignin } from "./modules/accounts/app-password-signin.js";
import { ExternalSignin } from "./modules/accounts/external-signin.js";
import { OidcProviders } from "./modules/accounts/oidc-providers.js";
import { SigninGuard } from "./modules/accounts/signin-guard.js";
import { TwoFactorReset } from "./modules/accounts/two-factor-reset.js";
import { TwoFactorService } from "./modules/accounts/two-factor-service.js";
import { TwoFactorTokens } from "./modules/accounts/two-factor-tokens.js";
import { VerificationService } from "./modules/accounts/verification-service.js";
import { VerificationsRepository } from "./modules/accounts/verifications-repository.js";
import { ExternalIdentities } from "./modules/users/external-identities.js";
import type { Shared } from "./services.js";

const SIGNIN_ACTION = "POST:/v1/auth/signin";

/** Accounts: sign-up, sign-in, codes, two-factor, changes by code, deletion. */
export interface AccountServices {
  accounts: AccountService;
  /** WebDAV's HTTP Basic: an account name and one of its app passwords, guarded like sign-in. */
  appPasswordSignin: AppPasswordSignin;
  verifications: VerificationService;
  twoFactor: TwoFactorService;
  accountChanges: AccountChanges;
  accountDeletion: AccountDeletion;
  /** An admin's reset of an account's two-step verification (the console). */
  twoFactorReset: TwoFactorReset;
  /** Sign-in with other providers (OpenID Connect, `OIDC_PROVIDERS`). */
  externalSignin: ExternalSignin;
  /** Codes still being sent after their answer; awaited when the app closes. */
  backgroundSends: BackgroundSends;
  /** The configured mail adapter (SMTP or the outbox), for other areas' notices (membership, feedback). */
  mail: Mailer;
}

/** Wires the accounts module and registers its jobs; `shared.mailer`/`shared.sms` replace the configured ones (tests). */
export function wireAccounts(
  shared: Shared,
  { auth, appPasswords }: Pick<GrantsServices, "auth" | "appPasswords">,
  logger: MailLogger,
): AccountServices {
  const { db, clock, config, jobs, rateLimits } = shared;
  const settings = config.accounts;
  const mailer = shared.mailer ?? createMailer(settings, logger);
  const sms = shared.sms ?? createSmsSender(settings, logger);
  const backgroundSends = shared.backgroundSends ?? new BackgroundSends(logger);
  const accounts = new AccountsRepository(db);
  const verificationsRepository = new VerificationsRepository(db);
  const verifications = new VerificationService({
    verifications: verificationsRepository,
    accounts,
    mailer,
    sms,
    sends: backgroundSends,
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
    captchaAfter: signinCaptchaThreshold(config.captcha),
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
  const accountService = new AccountService({
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
  });
  const externalSignin = new ExternalSignin({
    db,
    clock,
    accounts,
    accountService,
    identities: new ExternalIdentities(db),
    providers: new OidcProviders(
      settings.oidcProviders,
      (id) => `${config.publicUrl}/v1/auth/providers/${encodeURIComponent(id)}/callback`,
    ),
  });
  return {
    accounts: accountService,
    appPasswordSignin: new AppPasswordSignin({ accounts, appPasswords, guard, clock }),
    externalSignin,
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
    twoFactorReset: new TwoFactorReset({
      accounts,
      twoFactor,
      clock,
      mailer,
      log: logger,
      publicUrl: config.publicUrl,
    }),
    backgroundSends,
    mail: mailer,
  };
}

/** Failures after which the shield asks a sign-in for a captcha, or Infinity when it never does. */
function signinCaptchaThreshold(captcha: Shared["config"]["captcha"]): number {
  const protectsSignin = captcha.mode !== "off" && captcha.actions.includes(SIGNIN_ACTION);
  return protectsSignin ? captcha.failureThreshold : Number.POSITIVE_INFINITY;
}
