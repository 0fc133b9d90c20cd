import { Page } from "../components/page.js";
import { pageMeta } from "../site/meta.js";
import type { Route } from "./+types/loading";

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta(matches, "page.loading.title", "page.loading.lead");

export default function LoadingPage() {
  return <Page name="loading" />;
}
