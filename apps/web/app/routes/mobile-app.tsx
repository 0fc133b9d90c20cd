import { Link } from "react-router";
import { FeatureList } from "../components/feature-list.js";
import * as icons from "../components/icons.js";
import { Page, Section } from "../components/page.js";
import { PlatformCards } from "../components/platform-cards.js";
import { useLocale, useT } from "../i18n/i18n.js";
import { localizedPath } from "../i18n/locale-url.js";
import { namedPageMeta } from "../site/meta.js";
import type { Route } from "./+types/mobile-app";

export const meta: Route.MetaFunction = ({ matches }) => namedPageMeta(matches, "mobileApp");

export default function MobileAppPage() {
  const t = useT();
  const locale = useLocale();
  return (
    <Page name="mobileApp" className="wide">
      <PlatformCards targets={["android", "ios", "gp"]} />
      <Section title={t("apps.features")}>
        <FeatureList
          prefix="mobileApp"
          items={[
            ["backup", icons.upload],
            ["stream", icons.play],
            ["save", icons.save],
            ["offline", icons.download],
          ]}
        />
      </Section>
      <p className="callout-line">
        {t("mobileApp.apkTrouble")}{" "}
        <Link to={localizedPath(locale, "/install-apk-troubleshooting")}>{t("nav.apkHelp")}</Link>
      </p>
    </Page>
  );
}
