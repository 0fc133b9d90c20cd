import { Page } from "../components/page.js";
import { pageMeta } from "../site/meta.js";
import type { Route } from "./+types/check-in-guide";

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta(matches, "page.checkInGuide.title", "page.checkInGuide.lead");

export default function CheckInGuidePage() {
  return <Page name="checkInGuide" />;
}
