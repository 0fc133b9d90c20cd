import { Link } from "react-router";
import { Page, Section } from "../components/page.js";
import { CheckInPanel } from "../drive/check-in-panel.js";
import { useLocale, useT } from "../i18n/i18n.js";
import { localizedPath } from "../i18n/locale-url.js";
import { namedPageMeta } from "../site/meta.js";
import type { Route } from "./+types/check-in";

export const meta: Route.MetaFunction = ({ matches }) => namedPageMeta(matches, "checkIn");

export default function CheckInPage() {
  const t = useT();
  const locale = useLocale();
  return (
    <Page name="checkIn" className="wide">
      <CheckInPanel />
      <div className="actions">
        <Link className="button large" to={localizedPath(locale, "/check-in-guide")}>
          {t("checkIn.guideLink")}
        </Link>
      </div>
      <Section title={t("checkIn.how.title")}>
        <p>{t("checkIn.how.body")}</p>
      </Section>
    </Page>
  );
}
