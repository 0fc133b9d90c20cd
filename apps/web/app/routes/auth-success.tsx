import { Link } from "react-router";
import { Icon } from "../components/icon.js";
import * as icons from "../components/icons.js";
import { useT } from "../i18n/i18n.js";
import { namedPageMeta } from "../site/meta.js";
import type { Route } from "./+types/auth-success";

export const meta: Route.MetaFunction = ({ matches }) => namedPageMeta(matches, "authSuccess");

export default function AuthSuccessPage() {
  const t = useT();
  return (
    <main className="page center-card" id="main">
      <div className="card status-card">
        <span className="status-icon ok">
          <Icon d={icons.check} size={32} />
        </span>
        <h1>{t("page.authSuccess.title")}</h1>
        <p className="lead">{t("page.authSuccess.lead")}</p>
        <p className="muted">{t("authSuccess.body")}</p>
        <Link className="button primary" to="/drive/all">
          {t("nav.openDrive")}
        </Link>
      </div>
    </main>
  );
}
