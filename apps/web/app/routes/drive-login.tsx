import { Page } from "../components/page.js";
import { pageMeta } from "../site/meta.js";
import type { Route } from "./+types/drive-login";

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta(matches, "page.driveLogin.title", "page.driveLogin.lead");

export default function DriveLoginPage() {
  return <Page name="driveLogin" />;
}
