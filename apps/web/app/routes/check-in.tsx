import { Page } from "../components/page.js";
import { pageMeta } from "../site/meta.js";
import type { Route } from "./+types/check-in";

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta(matches, "page.checkIn.title", "page.checkIn.lead");

export default function CheckInPage() {
  return <Page name="checkIn" />;
}
