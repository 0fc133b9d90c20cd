import { Page } from "../components/page.js";
import { pageMeta } from "../site/meta.js";
import type { Route } from "./+types/policy-update";

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta(matches, "page.policyUpdate.title", "page.policyUpdate.lead");

export default function PolicyUpdatePage() {
  return <Page name="policyUpdate" />;
}
