import { Page } from "../components/page.js";
import { pageMeta } from "../site/meta.js";
import type { Route } from "./+types/drive-recent";

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta(matches, "page.driveRecent.title", "page.driveRecent.lead");

export default function DriveRecentPage() {
  return <Page name="driveRecent" />;
}
