import { Page } from "../components/page.js";
import { pageMeta } from "../site/meta.js";
import type { Route } from "./+types/drive-payment";

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta(matches, "page.drivePayment.title", "page.drivePayment.lead");

export default function DrivePaymentPage() {
  return <Page name="drivePayment" />;
}
