import type { SigninRequest } from "@nimbus/protocol";
import { nimbusApi } from "@nimbus/protocol";
import { useEffect, useId, useState } from "react";
import { useT } from "../i18n/i18n.js";
import { accountCaptchaMeta } from "../session/account-api.js";
import { emitInBrowser } from "../session/auth-events.js";
import { markNewUser } from "../session/new-user.js";
import { type AccountActionState, accountErrorText, useAccountApi } from "../session/use-account-api.js";
import { AccountStatus } from "./account-status.js";
import { ProviderButtons } from "./provider-buttons.js";
import { CreateAccountStep, PasswordResetStep } from "./sign-in-steps.js";
import { TwoFactorStep } from "./two-factor-step.js";
import { useProviderReturn } from "./use-provider-return.js";
import { VerificationCodeStep } from "./verification-code-step.js";

type Step =
  | { kind: "code" }
  | { kind: "password" }
  | { kind: "reset" }
  | { kind: "create"; token: string; target: string }
  | { kind: "two-factor"; token: string; body: SigninRequest }
  | { kind: "review"; body: SigninRequest };

/** The heading of each step, for a page that names the step in its own heading. */
const STEP_TITLES: Record<Step["kind"], string> = {
  code: "page.driveLogin.title",
  password: "page.driveLogin.title",
  review: "page.driveLogin.title",
  reset: "accounts.reset.title",
  create: "login.signup.title",
  "two-factor": "accounts.twoFactor.title",
};

/**
 * Sign-in and sign-up in one card: a code tab (email or phone; an unknown address goes on
 * to create the account), a password tab (with a reset by code), the second-factor step
 * when the account asks for it, and the cancellation of a pending deletion. With
 * `onStepTitle` the caller shows the step's title as its one heading (the sign-in page's
 * h1, the dialog's title) and the steps show none of their own.
 */
export function SignInForm({
  onSignedIn,
  initialTab = "code",
  returnTo = "/drive",
  onStepTitle,
  codeLead = true,
}: {
  onSignedIn: () => void;
  initialTab?: "code" | "password";
  /** Where a sign-in through another provider lands. */
  returnTo?: string;
  onStepTitle?: (key: string) => void;
  /** False where the page's own lead already says that the code also creates the account. */
  codeLead?: boolean;
}) {
  const t = useT();
  const api = useAccountApi();
  const id = useId();
  const [step, setStep] = useState<Step>({ kind: initialTab });
  const [state, setState] = useState<AccountActionState<unknown>>({ status: "idle" });
  const [notice, setNotice] = useState("");
  const providerReturn = useProviderReturn();
  useEffect(() => {
    if (providerReturn.twoFactorToken)
      setStep({ kind: "two-factor", token: providerReturn.twoFactorToken, body: {} });
  }, [providerReturn.twoFactorToken]);
  const titleKey = STEP_TITLES[step.kind];
  useEffect(() => onStepTitle?.(titleKey), [onStepTitle, titleKey]);
  const showTitle = !onStepTitle;

  async function signIn(body: SigninRequest, method: string): Promise<void> {
    setState({ status: "busy" });
    const result = await api(nimbusApi.auth.signin, {
      body,
      ...(body.username ? { captchaMeta: accountCaptchaMeta(body.username) } : {}),
    });
    if (result.ok) {
      setState({ status: "idle" });
      emitInBrowser("AFTER_LOGIN", { method, user_id: result.data.sub });
      onSignedIn();
      return;
    }
    const { error } = result;
    if (error.error === "two_factor_required" && error.metadata.two_factor_token) {
      setState({ status: "idle" });
      setStep({ kind: "two-factor", token: error.metadata.two_factor_token, body });
      return;
    }
    if (error.error === "under_review" && !body.cancel_deletion) {
      setState({ status: "idle" });
      setStep({ kind: "review", body });
      return;
    }
    emitInBrowser("LOGIN_FAILED", { method, error: error.error });
    setState({ status: "error", message: accountErrorText(error, t), error });
  }

  const tabs = step.kind === "code" || step.kind === "password";
  return (
    <div className="sign-in-form">
      {notice && (
        <p className="form-message success" role="status">
          {notice}
        </p>
      )}
      {tabs && (
        <div className="tabs" role="tablist" aria-label={t("accounts.signin.methods")}>
          {(["code", "password"] as const).map((kind) => (
            <button
              key={kind}
              type="button"
              role="tab"
              id={`${id}-tab-${kind}`}
              aria-selected={step.kind === kind}
              aria-controls={`${id}-panel`}
              className={step.kind === kind ? "tab selected" : "tab"}
              onClick={() => {
                setStep({ kind });
                setState({ status: "idle" });
              }}
            >
              {t(kind === "code" ? "accounts.tab.code" : "accounts.tab.password")}
            </button>
          ))}
        </div>
      )}
      <div
        id={`${id}-panel`}
        {...(tabs ? { role: "tabpanel", "aria-labelledby": `${id}-tab-${step.kind}` } : {})}
      >
        {step.kind === "code" && (
          <>
            {codeLead && <p className="muted small">{t("accounts.code.lead")}</p>}
            <VerificationCodeStep
              usage="SIGN_IN"
              submitLabel={t("accounts.code.continue")}
              onVerified={(verified) => {
                if (verified.is_user)
                  void signIn({ verification_token: verified.verification_token }, "code");
                else setStep({ kind: "create", token: verified.verification_token, target: verified.target });
              }}
            />
          </>
        )}
        {step.kind === "password" && (
          <form
            className="stack-form"
            onSubmit={(event) => {
              event.preventDefault();
              const data = new FormData(event.currentTarget);
              void signIn(
                { username: String(data.get("username")), password: String(data.get("password")) },
                "password",
              );
            }}
          >
            <label htmlFor={`${id}-username`}>{t("accounts.password.account")}</label>
            <input id={`${id}-username`} name="username" autoComplete="username" required />
            <label htmlFor={`${id}-password`}>{t("login.password")}</label>
            <input
              id={`${id}-password`}
              name="password"
              type="password"
              autoComplete="current-password"
              required
            />
            <button className="button primary" type="submit" disabled={state.status === "busy"}>
              {t("login.submit")}
            </button>
            <button className="link-button" type="button" onClick={() => setStep({ kind: "reset" })}>
              {t("accounts.reset.link")}
            </button>
          </form>
        )}
        {step.kind === "reset" && (
          <PasswordResetStep
            showTitle={showTitle}
            onDone={() => {
              setNotice(t("accounts.reset.done"));
              setStep({ kind: "password" });
            }}
            onCancel={() => setStep({ kind: "password" })}
          />
        )}
        {step.kind === "create" && (
          <CreateAccountStep
            showTitle={showTitle}
            token={step.token}
            target={step.target}
            onCreated={(userId) => {
              markNewUser();
              emitInBrowser("AFTER_LOGIN", { method: "signup", user_id: userId });
              onSignedIn();
            }}
          />
        )}
        {step.kind === "two-factor" && (
          <TwoFactorStep
            showTitle={showTitle}
            busy={state.status === "busy"}
            onSubmit={(answer) => signIn({ two_factor_token: step.token, ...answer }, "two_factor")}
            onCancel={() => {
              setState({ status: "idle" });
              setStep({ kind: step.body.verification_token ? "code" : "password" });
            }}
          />
        )}
        {step.kind === "review" && (
          <div className="stack-form" role="alert">
            <p>{t("accounts.review.body")}</p>
            <button
              className="button primary"
              type="button"
              disabled={state.status === "busy"}
              onClick={() => signIn({ ...step.body, cancel_deletion: true }, "cancel_deletion")}
            >
              {t("accounts.review.cancelDeletion")}
            </button>
          </div>
        )}
        {providerReturn.error && state.status === "idle" && (
          <p className="form-message error" role="alert">
            {providerReturn.error}
          </p>
        )}
        <AccountStatus state={state} />
        {tabs && <ProviderButtons returnTo={returnTo} />}
      </div>
    </div>
  );
}
