import { Page } from "../components/page.js";
import { pageMeta } from "../site/meta.js";
import type { Route } from "./+types/drive-trash";

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta(matches, "page.driveTrash.title", "page.driveTrash.lead");

export default function DriveTrashPage() {
  return <Page name="driveTrash" />;
}
