import { Link } from "react-router";
import { Logo } from "../components/logo.js";
import { Spinner } from "../components/spinner.js";
import { useT } from "../i18n/i18n.js";
import { namedPageMeta } from "../site/meta.js";
import type { Route } from "./+types/auth";

export const meta: Route.MetaFunction = ({ matches }) => namedPageMeta(matches, "auth");

/**
 * The login hand-off page (no layout): apps and the browser extension open it with
 * `code`, `bridge_auth`, `from_source`, `port`, `scope`, `state`. The exchange itself
 * belongs to the accounts issue; this page tells people what is going on meanwhile.
 */
export default function AuthPage() {
  const t = useT();
  return (
    <main className="page center-card bare" id="main" aria-busy="true">
      <div className="card status-card">
        <Logo size={48} />
        <Spinner />
        <h1>{t("page.auth.title")}</h1>
        <p className="lead" role="status">
          {t("page.auth.lead")}
        </p>
        <p className="muted">{t("auth.body")}</p>
        <Link className="button" to="/drive/login">
          {t("auth.manual")}
        </Link>
      </div>
    </main>
  );
}
