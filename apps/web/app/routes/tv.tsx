import { Page } from "../components/page.js";
import { pageMeta } from "../site/meta.js";
import type { Route } from "./+types/tv";

export const meta: Route.MetaFunction = ({ matches }) => pageMeta(matches, "page.tv.title", "page.tv.lead");

export default function TvPage() {
  return <Page name="tv" />;
}
