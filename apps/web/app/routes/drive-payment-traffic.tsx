import { Page } from "../components/page.js";
import { pageMeta } from "../site/meta.js";
import type { Route } from "./+types/drive-payment-traffic";

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta(matches, "page.drivePaymentTraffic.title", "page.drivePaymentTraffic.lead");

export default function DrivePaymentTrafficPage() {
  return <Page name="drivePaymentTraffic" />;
}
