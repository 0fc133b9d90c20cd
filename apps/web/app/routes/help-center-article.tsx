import { Page } from "../components/page.js";
import { pageMeta } from "../site/meta.js";
import type { Route } from "./+types/help-center-article";

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta(matches, "page.helpCenterArticle.title", "page.helpCenterArticle.lead");

export default function HelpCenterArticlePage() {
  return <Page name="helpCenterArticle" />;
}
