import { Page } from "../components/page.js";
import { PlatformCards } from "../components/platform-cards.js";
import { useT } from "../i18n/i18n.js";
import { namedPageMeta } from "../site/meta.js";
import type { Route } from "./+types/install-apk-troubleshooting";

const PROBLEMS = ["unknownSources", "playProtect", "space", "corrupt", "conflict", "version"] as const;

export const meta: Route.MetaFunction = ({ matches }) => namedPageMeta(matches, "installApkTroubleshooting");

export default function InstallApkTroubleshootingPage() {
  const t = useT();
  return (
    <Page name="installApkTroubleshooting">
      <ol className="problem-list">
        {PROBLEMS.map((id) => (
          <li key={id} className="card">
            <h2>{t(`apk.${id}.title`)}</h2>
            <p>{t(`apk.${id}.body`)}</p>
          </li>
        ))}
      </ol>
      <p className="muted">{t("apk.stillFailing")}</p>
      <PlatformCards targets={["gp", "android"]} />
    </Page>
  );
}
