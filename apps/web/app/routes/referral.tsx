import { Link } from "react-router";
import { Page, Section, Steps } from "../components/page.js";
import { InvitePanel } from "../drive/invite-panel.js";
import { useLocale, useT } from "../i18n/i18n.js";
import { localizedPath } from "../i18n/locale-url.js";
import { namedPageMeta } from "../site/meta.js";
import type { Route } from "./+types/referral";

export const meta: Route.MetaFunction = ({ matches }) => namedPageMeta(matches, "referral");

/** How inviting works, and for a signed-in user the invite link, the friends who joined and the days. */
export default function ReferralPage() {
  const t = useT();
  const locale = useLocale();
  return (
    <Page name="referral">
      <Section title={t("referral.how.title")}>
        <Steps keys={["referral.step1", "referral.step2", "referral.step3"]} />
      </Section>
      <div className="card callout-card">
        <h2>{t("referral.link.title")}</h2>
        <p className="muted">{t("referral.link.body")}</p>
        <InvitePanel />
      </div>
      <Section title={t("referral.rules.title")}>
        <ul className="bullets">
          <li>{t("referral.rule1")}</li>
          <li>{t("referral.rule2")}</li>
          <li>{t("referral.rule3")}</li>
        </ul>
        <p>
          <Link to={localizedPath(locale, "/policy/membership-agreement")}>
            {t("policy.membership-agreement")}
          </Link>
        </p>
      </Section>
    </Page>
  );
}
