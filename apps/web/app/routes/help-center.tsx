import { Page } from "../components/page.js";
import { pageMeta } from "../site/meta.js";
import type { Route } from "./+types/help-center";

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta(matches, "page.helpCenter.title", "page.helpCenter.lead");

export default function HelpCenterPage() {
  return <Page name="helpCenter" />;
}
