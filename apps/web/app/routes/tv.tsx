import { Link } from "react-router";
import { TvApproval } from "../accounts/tv-approval.js";
import { Page, Section, Steps } from "../components/page.js";
import { PlatformCards } from "../components/platform-cards.js";
import { useLocale, useT } from "../i18n/i18n.js";
import { localizedPath } from "../i18n/locale-url.js";
import { namedPageMeta } from "../site/meta.js";
import type { Route } from "./+types/tv";
import "../accounts/accounts.css";

export const meta: Route.MetaFunction = ({ matches }) => namedPageMeta(matches, "tv");

export default function TvPage() {
  const t = useT();
  const locale = useLocale();
  return (
    <Page name="tv" className="two-column">
      <TvApproval />
      <Section title={t("tv.steps.title")}>
        <Steps keys={["tv.step1", "tv.step2", "tv.step3"]} />
        <p>
          <Link to={localizedPath(locale, "/tv-help")}>{t("tv.helpLink")}</Link>
        </p>
      </Section>
      <Section title={t("tv.get.title")}>
        <PlatformCards targets={["tv"]} />
      </Section>
    </Page>
  );
}
