import { Link } from "react-router";
import { Page, Section, Steps } from "../components/page.js";
import { useLocale, useT } from "../i18n/i18n.js";
import { localizedPath } from "../i18n/locale-url.js";
import { namedPageMeta } from "../site/meta.js";
import { useLinkShown } from "../site/remote-config.js";
import type { Route } from "./+types/check-in-guide";

export const meta: Route.MetaFunction = ({ matches }) => namedPageMeta(matches, "checkInGuide");

export default function CheckInGuidePage() {
  const t = useT();
  const locale = useLocale();
  const shown = useLinkShown();
  return (
    <Page name="checkInGuide">
      <Section title={t("checkInGuide.steps.title")}>
        <Steps
          keys={["checkInGuide.step1", "checkInGuide.step2", "checkInGuide.step3", "checkInGuide.step4"]}
        />
      </Section>
      <Section title={t("checkInGuide.rules.title")}>
        <ul className="bullets">
          <li>{t("checkInGuide.rule1")}</li>
          <li>{t("checkInGuide.rule2")}</li>
          <li>{t("checkInGuide.rule3")}</li>
        </ul>
      </Section>
      {shown("/check-in") && (
        <p>
          <Link className="button primary" to={localizedPath(locale, "/check-in")}>
            {t("checkInGuide.back")}
          </Link>
        </p>
      )}
    </Page>
  );
}
