import { Page } from "../components/page.js";
import { pageMeta } from "../site/meta.js";
import type { Route } from "./+types/help";

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta(matches, "page.help.title", "page.help.lead");

export default function HelpPage() {
  return <Page name="help" />;
}
