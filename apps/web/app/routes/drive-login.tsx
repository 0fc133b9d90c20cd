import { useEffect } from "react";
import { Link, useNavigate, useSearchParams } from "react-router";
import { loginSceneForPath, rememberLoginScene } from "../accounts/auth-events.js";
import { safeRedirect } from "../accounts/redirect.js";
import { SignInForm } from "../accounts/sign-in-form.js";
import { Logo } from "../components/logo.js";
import { useDriveSession } from "../drive/session.js";
import { useLocale, useT } from "../i18n/i18n.js";
import { localizedPath } from "../i18n/locale-url.js";
import { namedPageMeta } from "../site/meta.js";
import type { Route } from "./+types/drive-login";
import "../accounts/accounts.css";

export const meta: Route.MetaFunction = ({ matches }) => namedPageMeta(matches, "driveLogin");

/**
 * Sign-in and sign-up (code tab, password tab, second factor, captcha in the modal when
 * the server asks), then back to where the user was (`?redirect=`), else the drive.
 */
export default function DriveLoginPage() {
  const t = useT();
  const locale = useLocale();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const { reload } = useDriveSession();
  const redirect = params.get("redirect");
  // The scene of the page the person came from (a share, the URL checker, elsewhere).
  useEffect(() => {
    try {
      rememberLoginScene(localStorage, loginSceneForPath(safeRedirect(redirect, "/")));
    } catch {
      // No storage: the sign-in events go without a scene.
    }
  }, [redirect]);
  return (
    <main id="main" className="login-page">
      <div className="card login-card accounts-card">
        <Logo size={44} />
        <h1>{t("page.driveLogin.title")}</h1>
        <p className="muted">{t("page.driveLogin.lead")}</p>
        <SignInForm
          initialTab={params.get("tab") === "password" ? "password" : "code"}
          onSignedIn={() => {
            reload();
            navigate(safeRedirect(redirect));
          }}
        />
        <p className="terms muted small">
          {t("login.terms")}{" "}
          <Link to={localizedPath(locale, "/policy/user-agreement")}>{t("policy.user-agreement")}</Link>
          {" · "}
          <Link to={localizedPath(locale, "/policy/privacy-policy")}>{t("policy.privacy-policy")}</Link>
        </p>
      </div>
    </main>
  );
}
