import { Link } from "react-router";
import { Spinner } from "../components/spinner.js";
import { useT } from "../i18n/i18n.js";
import { namedPageMeta } from "../site/meta.js";
import type { Route } from "./+types/loading";

export const meta: Route.MetaFunction = ({ matches }) => namedPageMeta(matches, "loading");

/** Where a captcha challenge returns to; the embedding page reads `captcha_token` from this address. */
export default function LoadingPage() {
  const t = useT();
  return (
    <main className="page center-card" id="main" aria-busy="true">
      <div className="card status-card">
        <Spinner />
        <h1>{t("page.loading.title")}</h1>
        <p className="lead" role="status">
          {t("page.loading.lead")}
        </p>
        <p className="muted">
          {t("loading.stuck")} <Link to="/drive/login">{t("loading.retry")}</Link>
        </p>
      </div>
    </main>
  );
}
