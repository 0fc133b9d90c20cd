import { Page } from "../components/page.js";
import { pageMeta } from "../site/meta.js";
import type { Route } from "./+types/referral";

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta(matches, "page.referral.title", "page.referral.lead");

export default function ReferralPage() {
  return <Page name="referral" />;
}
