import { Page } from "../components/page.js";
import { pageMeta } from "../site/meta.js";
import type { Route } from "./+types/drive-account";

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta(matches, "page.driveAccount.title", "page.driveAccount.lead");

export default function DriveAccountPage() {
  return <Page name="driveAccount" />;
}
