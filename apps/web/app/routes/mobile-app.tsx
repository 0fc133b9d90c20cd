import { Page } from "../components/page.js";
import { pageMeta } from "../site/meta.js";
import type { Route } from "./+types/mobile-app";

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta(matches, "page.mobileApp.title", "page.mobileApp.lead");

export default function MobileAppPage() {
  return <Page name="mobileApp" />;
}
