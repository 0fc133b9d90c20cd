import { Page } from "../components/page.js";
import { pageMeta } from "../site/meta.js";
import type { Route } from "./+types/inapp-widget";

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta(matches, "page.inappWidget.title", "page.inappWidget.lead");

export default function InappWidgetPage() {
  return <Page name="inappWidget" />;
}
