import { Page } from "../components/page.js";
import { pageMeta } from "../site/meta.js";
import type { Route } from "./+types/install-apk-troubleshooting";

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta(matches, "page.installApkTroubleshooting.title", "page.installApkTroubleshooting.lead");

export default function InstallApkTroubleshootingPage() {
  return <Page name="installApkTroubleshooting" />;
}
