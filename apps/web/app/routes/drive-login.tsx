import { useEffect, useState } from "react";
import { Link, useNavigate, useSearchParams } from "react-router";
import { SignInForm } from "../accounts/sign-in-form.js";
import { Logo } from "../components/logo.js";
import { formatDate } from "../i18n/format.js";
import { useLocale, useT } from "../i18n/i18n.js";
import { localizedPath } from "../i18n/locale-url.js";
import { loginSceneForPath, rememberLoginScene } from "../session/auth-events.js";
import { safeRedirect } from "../session/redirect.js";
import { useDriveSession } from "../session/session.js";
import { namedPageMeta } from "../site/meta.js";
import { setSignedInKnown } from "../site/signed-in-hint.js";
import type { Route } from "./+types/drive-login";
import "../accounts/accounts.css";

const FIRST_STEP_TITLE = "page.driveLogin.title";

export const meta: Route.MetaFunction = ({ matches }) => namedPageMeta(matches, "driveLogin");

/**
 * Sign-in and sign-up in one place ("Sign in or create your account"; code tab, password tab, second factor, captcha in the modal when
 * the server asks), then back to where the user was (`?redirect=`), else the drive.
 */
export default function DriveLoginPage() {
  const t = useT();
  const locale = useLocale();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const { session, reload } = useDriveSession();
  const redirect = params.get("redirect");
  // Just asked to delete the account (the account page sends `?deleted=<delete_at>`).
  const deleted = params.get("deleted") ?? "";
  const deletedOn = deleted && !Number.isNaN(Date.parse(deleted)) ? deleted : "";
  const signedIn = session.status === "ready";
  // One heading per step: "Sign in or create your account", then the step's own title.
  const [titleKey, setTitleKey] = useState(FIRST_STEP_TITLE);
  const firstStep = titleKey === FIRST_STEP_TITLE;
  // Already signed in: this page has nothing to offer, go on to the drive (or the redirect).
  // biome-ignore lint/correctness/useExhaustiveDependencies: once the session is known
  useEffect(() => {
    if (signedIn) void navigate(safeRedirect(redirect), { replace: true });
  }, [signedIn]);
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
        <h1>{t(titleKey)}</h1>
        {firstStep && deletedOn && (
          <p className="form-message success" role="status">
            {t("accounts.delete.scheduled", { date: formatDate(deletedOn, locale) })}
          </p>
        )}
        {firstStep && <p className="muted">{t("page.driveLogin.lead")}</p>}
        <SignInForm
          onStepTitle={setTitleKey}
          codeLead={false}
          initialTab={params.get("tab") === "password" ? "password" : "code"}
          onSignedIn={() => {
            setSignedInKnown(true);
            reload();
            void navigate(safeRedirect(redirect));
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
