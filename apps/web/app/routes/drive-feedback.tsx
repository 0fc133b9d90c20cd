import { Page } from "../components/page.js";
import { pageMeta } from "../site/meta.js";
import type { Route } from "./+types/drive-feedback";

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta(matches, "page.driveFeedback.title", "page.driveFeedback.lead");

export default function DriveFeedbackPage() {
  return <Page name="driveFeedback" />;
}
