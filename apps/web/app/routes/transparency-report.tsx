import { Page } from "../components/page.js";
import { pageMeta } from "../site/meta.js";
import type { Route } from "./+types/transparency-report";

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta(matches, "page.transparencyReport.title", "page.transparencyReport.lead");

export default function TransparencyReportPage() {
  return <Page name="transparencyReport" />;
}
