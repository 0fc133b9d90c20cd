import { Page } from "../components/page.js";
import { pageMeta } from "../site/meta.js";
import type { Route } from "./+types/share";

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta(matches, "page.share.title", "page.share.lead");

export default function SharePage() {
  return <Page name="share" />;
}
