import { Page } from "../components/page.js";
import { pageMeta } from "../site/meta.js";
import type { Route } from "./+types/tv-help";

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta(matches, "page.tvHelp.title", "page.tvHelp.lead");

export default function TvHelpPage() {
  return <Page name="tvHelp" />;
}
