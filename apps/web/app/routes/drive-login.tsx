import { useState } from "react";
import { Link, useNavigate } from "react-router";
import { ENDPOINTS } from "../api/endpoints.js";
import { useApiAction } from "../api/use-api-action.js";
import { FormStatus } from "../components/form-status.js";
import { Logo } from "../components/logo.js";
import { useDriveSession } from "../drive/session.js";
import { useLocale, useT } from "../i18n/i18n.js";
import { localizedPath } from "../i18n/locale-url.js";
import { namedPageMeta } from "../site/meta.js";
import type { Route } from "./+types/drive-login";

export const meta: Route.MetaFunction = ({ matches }) => namedPageMeta(matches, "driveLogin");

/**
 * The sign-in card (and account creation). The cookie session that keeps people signed
 * in, verification codes, captcha and app hand-off arrive with the accounts issue.
 */
export default function DriveLoginPage() {
  const t = useT();
  const locale = useLocale();
  const navigate = useNavigate();
  const { reload } = useDriveSession();
  const [mode, setMode] = useState<"signin" | "signup">("signin");
  const { state, run, reset } = useApiAction();
  const signup = mode === "signup";
  return (
    <main id="main" className="login-page">
      <form
        className="card login-card"
        onSubmit={async (event) => {
          event.preventDefault();
          const data = Object.fromEntries(new FormData(event.currentTarget)) as Record<string, string>;
          const result = signup
            ? await run(ENDPOINTS.signup, {
                body: { email: data.email, password: data.password, name: data.name || undefined },
              })
            : await run(ENDPOINTS.signin, { body: { username: data.email, password: data.password } });
          if (result.ok) {
            reload();
            navigate("/drive/all");
          }
        }}
      >
        <Logo size={44} />
        <h1>{t(signup ? "login.signup.title" : "page.driveLogin.title")}</h1>
        <p className="muted">{t(signup ? "login.signup.lead" : "page.driveLogin.lead")}</p>
        {signup && (
          <>
            <label htmlFor="login-name">{t("login.name")}</label>
            <input id="login-name" name="name" autoComplete="name" maxLength={64} />
          </>
        )}
        <label htmlFor="login-email">{t(signup ? "login.email" : "login.account")}</label>
        <input
          id="login-email"
          name="email"
          type={signup ? "email" : "text"}
          autoComplete={signup ? "email" : "username"}
          required
        />
        <label htmlFor="login-password">{t("login.password")}</label>
        <input
          id="login-password"
          name="password"
          type="password"
          autoComplete={signup ? "new-password" : "current-password"}
          minLength={signup ? 8 : 1}
          required
          aria-describedby={signup ? "password-hint" : undefined}
        />
        {signup && (
          <p id="password-hint" className="hint">
            {t("login.passwordHint")}
          </p>
        )}
        <button className="button primary" type="submit" disabled={state.status === "busy"}>
          {t(signup ? "login.signup.submit" : "login.submit")}
        </button>
        <FormStatus state={state} done={t("login.done")} />
        <p className="switch">
          {t(signup ? "login.haveAccount" : "login.noAccount")}{" "}
          <button
            type="button"
            className="link-button"
            onClick={() => {
              setMode(signup ? "signin" : "signup");
              reset();
            }}
          >
            {t(signup ? "login.toSignin" : "login.toSignup")}
          </button>
        </p>
        <p className="terms muted small">
          {t("login.terms")}{" "}
          <Link to={localizedPath(locale, "/policy/user-agreement")}>{t("policy.user-agreement")}</Link>
          {" · "}
          <Link to={localizedPath(locale, "/policy/privacy-policy")}>{t("policy.privacy-policy")}</Link>
        </p>
      </form>
    </main>
  );
}
