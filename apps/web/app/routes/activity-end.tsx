import { Page } from "../components/page.js";
import { pageMeta } from "../site/meta.js";
import type { Route } from "./+types/activity-end";

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta(matches, "page.activityEnd.title", "page.activityEnd.lead");

export default function ActivityEndPage() {
  return <Page name="activityEnd" />;
}
