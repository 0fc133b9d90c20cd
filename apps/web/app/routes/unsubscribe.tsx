import { Page } from "../components/page.js";
import { pageMeta } from "../site/meta.js";
import type { Route } from "./+types/unsubscribe";

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta(matches, "page.unsubscribe.title", "page.unsubscribe.lead");

export default function UnsubscribePage() {
  return <Page name="unsubscribe" />;
}
