import { nimbusApi } from "@nimbus/protocol";
import { useId, useState } from "react";
import { useT } from "../i18n/i18n.js";
import { documentCookieJar } from "../lib/cookies.js";
import { signupAttribution } from "../session/free-days.js";
import { useAccountAction } from "../session/use-account-api.js";
import { AccountStatus } from "./account-status.js";
import { targetField, VerificationCodeStep } from "./verification-code-step.js";

function browserStorage(): Storage | undefined {
  try {
    return localStorage;
  } catch {
    return undefined;
  }
}

/** A verified address with no account yet: a name and an optional password, then the account. */
export function CreateAccountStep({
  token,
  target,
  onCreated,
  showTitle = true,
}: {
  token: string;
  target: string;
  onCreated: (userId: string) => void;
  /** False when the page's own heading names the step. */
  showTitle?: boolean;
}) {
  const t = useT();
  const id = useId();
  const signup = useAccountAction(nimbusApi.auth.signup);
  return (
    <form
      className="stack-form"
      onSubmit={async (event) => {
        event.preventDefault();
        const data = new FormData(event.currentTarget);
        const name = String(data.get("name") ?? "").trim();
        const password = String(data.get("password") ?? "");
        const result = await signup.run({
          body: {
            verification_token: token,
            ...(target ? targetField(target) : {}),
            ...(name ? { name } : {}),
            ...(password ? { password } : {}),
            ...signupAttribution(documentCookieJar(document), browserStorage(), Date.now()),
          },
        });
        if (result.ok) onCreated(result.data.sub);
      }}
    >
      {showTitle && <h2 className="step-title">{t("login.signup.title")}</h2>}
      <p className="muted small">{t("accounts.create.lead", { target })}</p>
      <label htmlFor={`${id}-name`}>{t("login.name")}</label>
      <input id={`${id}-name`} name="name" autoComplete="name" maxLength={64} />
      <label htmlFor={`${id}-password`}>{t("accounts.create.password")}</label>
      <input
        id={`${id}-password`}
        name="password"
        type="password"
        autoComplete="new-password"
        minLength={8}
        maxLength={128}
        aria-describedby={`${id}-hint`}
      />
      <p id={`${id}-hint`} className="hint">
        {t("login.passwordHint")}
      </p>
      <button className="button primary" type="submit" disabled={signup.busy}>
        {t("login.signup.submit")}
      </button>
      <AccountStatus state={signup.state} />
    </form>
  );
}

/** Forgotten password: a RESET_PASSWORD code, then the new password (every session ends). */
export function PasswordResetStep({
  onDone,
  onCancel,
  showTitle = true,
}: {
  onDone: () => void;
  onCancel: () => void;
  showTitle?: boolean;
}) {
  const t = useT();
  const id = useId();
  const [token, setToken] = useState<string>();
  const reset = useAccountAction(nimbusApi.auth.passwordReset);
  return (
    <div className="stack-form">
      {showTitle && <h2 className="step-title">{t("accounts.reset.title")}</h2>}
      {token ? (
        <form
          className="stack-form"
          onSubmit={async (event) => {
            event.preventDefault();
            const password = String(new FormData(event.currentTarget).get("password"));
            const result = await reset.run({
              body: { verification_token: token, password },
            });
            if (result.ok) onDone();
          }}
        >
          <label htmlFor={`${id}-new`}>{t("accounts.password.new")}</label>
          <input
            id={`${id}-new`}
            name="password"
            type="password"
            autoComplete="new-password"
            minLength={8}
            required
          />
          <button className="button primary" type="submit" disabled={reset.busy}>
            {t("accounts.reset.submit")}
          </button>
          <AccountStatus state={reset.state} />
        </form>
      ) : (
        <VerificationCodeStep
          usage="RESET_PASSWORD"
          submitLabel={t("accounts.code.continue")}
          onVerified={(verified) => setToken(verified.verification_token)}
        />
      )}
      <button className="link-button" type="button" onClick={onCancel}>
        {t("accounts.back")}
      </button>
    </div>
  );
}
