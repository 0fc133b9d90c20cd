import { Page } from "../components/page.js";
import { pageMeta } from "../site/meta.js";
import type { Route } from "./+types/desktop-app";

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta(matches, "page.desktopApp.title", "page.desktopApp.lead");

export default function DesktopAppPage() {
  return <Page name="desktopApp" />;
}
