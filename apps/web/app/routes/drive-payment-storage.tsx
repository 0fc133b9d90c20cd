import { Page } from "../components/page.js";
import { pageMeta } from "../site/meta.js";
import type { Route } from "./+types/drive-payment-storage";

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta(matches, "page.drivePaymentStorage.title", "page.drivePaymentStorage.lead");

export default function DrivePaymentStoragePage() {
  return <Page name="drivePaymentStorage" />;
}
