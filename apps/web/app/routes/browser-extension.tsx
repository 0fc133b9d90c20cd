import { FeatureList } from "../components/feature-list.js";
import * as icons from "../components/icons.js";
import { Page, Section, Steps } from "../components/page.js";
import { useT } from "../i18n/i18n.js";
import { namedPageMeta } from "../site/meta.js";
import type { Route } from "./+types/browser-extension";

export const meta: Route.MetaFunction = ({ matches }) => namedPageMeta(matches, "browserExtension");

export default function BrowserExtensionPage() {
  const t = useT();
  return (
    <Page name="browserExtension" className="wide">
      {/* No download button: the remote config names no extension package among its installers. */}
      <p className="actions">
        <span className="muted">{t("extension.browsers")}</span>
      </p>
      <Section title={t("apps.features")}>
        <FeatureList
          prefix="extension"
          items={[
            ["menu", icons.save],
            ["magnets", icons.magnet],
            ["downloads", icons.download],
            ["signin", icons.user],
          ]}
        />
      </Section>
      <Section title={t("extension.install.title")}>
        <Steps keys={["extension.install.step1", "extension.install.step2", "extension.install.step3"]} />
      </Section>
    </Page>
  );
}
