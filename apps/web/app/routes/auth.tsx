import { useEffect } from "react";
import { Link, useNavigate } from "react-router";
import type { PendingHandoff } from "../accounts/handoff/run-handoff.js";
import { useHandoff } from "../accounts/handoff/use-handoff.js";
import { Logo } from "../components/logo.js";
import { Spinner } from "../components/spinner.js";
import { useLocale, useT } from "../i18n/i18n.js";
import { localizedPath } from "../i18n/locale-url.js";
import { namedPageMeta } from "../site/meta.js";
import type { Route } from "./+types/auth";

export const meta: Route.MetaFunction = ({ matches }) => namedPageMeta(matches, "auth");

/**
 * The login hand-off page (no layout): the app webview (`bridge_auth=1`), a `code`
 * without `state`, the browser extension (`from_source=pp_browser_extension`) and the
 * desktop client (`from_source=pc_client&port=<hex>`) hand their sign-in to the web here;
 * success goes on to `/{locale}/auth-success`. A code the page cannot tie to its own
 * start, or one that would switch accounts, waits for "Continue as …?".
 */
export default function AuthPage() {
  const t = useT();
  const locale = useLocale();
  const navigate = useNavigate();
  const { state, confirm } = useHandoff();
  useEffect(() => {
    if (state.status === "signed-in" || state.status === "kept")
      void navigate(localizedPath(locale, "/auth-success"), { replace: true });
    if (state.status === "none") void navigate("/drive/login", { replace: true });
  }, [state, locale, navigate]);
  if (state.status === "confirm")
    return (
      <ConfirmHandoff
        pending={state.pending}
        onContinue={() => confirm(state.pending)}
        onDecline={() => navigate(state.pending.current ? "/drive" : "/drive/login", { replace: true })}
      />
    );
  const failed = state.status === "failed";
  return (
    <main className="page center-card bare" id="main" aria-busy={!failed}>
      <div className="card status-card">
        <Logo size={48} />
        {!failed && <Spinner />}
        <h1>{t(failed ? "accounts.handoff.failedTitle" : "page.auth.title")}</h1>
        <p className="lead" role={failed ? "alert" : "status"}>
          {failed ? t("accounts.handoff.failed") : t("page.auth.lead")}
        </p>
        {failed && state.bridgeCode !== undefined && (
          <p className="muted small">
            {state.bridgeCode} {state.error}
          </p>
        )}
        {!failed && <p className="muted">{t("auth.body")}</p>}
        <Link className={failed ? "button primary" : "button"} to="/drive/login">
          {t("auth.manual")}
        </Link>
      </div>
    </main>
  );
}

function ConfirmHandoff({
  pending,
  onContinue,
  onDecline,
}: {
  pending: PendingHandoff;
  onContinue: () => void;
  onDecline: () => void;
}) {
  const t = useT();
  const account = pending.account.label;
  const current = pending.current?.label ?? "";
  return (
    <main className="page center-card bare" id="main">
      <div className="card status-card">
        <Logo size={48} />
        <h1>{t("accounts.handoff.confirmTitle", { account })}</h1>
        <p className="lead">
          {pending.current
            ? t("accounts.handoff.switchLead", { account, current })
            : t("accounts.handoff.confirmLead", { account })}
        </p>
        <button type="button" className="button primary" onClick={onContinue}>
          {t("accounts.handoff.continueAs", { account })}
        </button>
        <button type="button" className="button" onClick={onDecline}>
          {pending.current ? t("accounts.handoff.stayAs", { current }) : t("accounts.handoff.cancel")}
        </button>
      </div>
    </main>
  );
}
