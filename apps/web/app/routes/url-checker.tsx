import { Page } from "../components/page.js";
import { pageMeta } from "../site/meta.js";
import type { Route } from "./+types/url-checker";

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta(matches, "page.urlChecker.title", "page.urlChecker.lead");

export default function UrlCheckerPage() {
  return <Page name="urlChecker" />;
}
