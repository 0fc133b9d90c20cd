import { FeatureList } from "../components/feature-list.js";
import * as icons from "../components/icons.js";
import { Page, Section } from "../components/page.js";
import { PlatformCards } from "../components/platform-cards.js";
import { useT } from "../i18n/i18n.js";
import { namedPageMeta } from "../site/meta.js";
import type { Route } from "./+types/desktop-app";

export const meta: Route.MetaFunction = ({ matches }) => namedPageMeta(matches, "desktopApp");

export default function DesktopAppPage() {
  const t = useT();
  return (
    <Page name="desktopApp" className="wide">
      <PlatformCards targets={["windows"]} />
      <p className="muted">{t("desktopApp.mac")}</p>
      <Section title={t("apps.features")}>
        <FeatureList
          prefix="desktopApp"
          items={[
            ["fast", icons.bolt],
            ["resume", icons.clock],
            ["folders", icons.folder],
            ["play", icons.play],
          ]}
        />
      </Section>
    </Page>
  );
}
