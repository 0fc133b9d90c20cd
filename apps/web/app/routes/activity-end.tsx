import { Link } from "react-router";
import { Page } from "../components/page.js";
import { useLocale, useT } from "../i18n/i18n.js";
import { localizedPath } from "../i18n/locale-url.js";
import { namedPageMeta } from "../site/meta.js";
import { useLinkShown } from "../site/remote-config.js";
import type { Route } from "./+types/activity-end";

export const meta: Route.MetaFunction = ({ matches }) => namedPageMeta(matches, "activityEnd");

export default function ActivityEndPage() {
  const t = useT();
  const locale = useLocale();
  const shown = useLinkShown();
  return (
    <Page name="activityEnd">
      <p>{t("activityEnd.body")}</p>
      <div className="actions">
        {shown("/drive/payment") && (
          <Link className="button primary" to="/drive/payment">
            {t("activityEnd.plans")}
          </Link>
        )}
        {shown("/check-in") && (
          <Link className="button" to={localizedPath(locale, "/check-in")}>
            {t("nav.checkIn")}
          </Link>
        )}
        <Link className="button" to={localizedPath(locale, "/")}>
          {t("error.backHome")}
        </Link>
      </div>
    </Page>
  );
}
