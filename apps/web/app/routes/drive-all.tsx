import { Page } from "../components/page.js";
import { pageMeta } from "../site/meta.js";
import type { Route } from "./+types/drive-all";

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta(matches, "page.driveAll.title", "page.driveAll.lead");

export default function DriveAllPage() {
  return <Page name="driveAll" />;
}
