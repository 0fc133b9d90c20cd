import { Page } from "../components/page.js";
import { pageMeta } from "../site/meta.js";
import type { Route } from "./+types/activity";

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta(matches, "page.activity.title", "page.activity.lead");

export default function ActivityPage() {
  return <Page name="activity" />;
}
