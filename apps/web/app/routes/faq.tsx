import { Page } from "../components/page.js";
import { pageMeta } from "../site/meta.js";
import type { Route } from "./+types/faq";

export const meta: Route.MetaFunction = ({ matches }) => pageMeta(matches, "page.faq.title", "page.faq.lead");

export default function FaqPage() {
  return <Page name="faq" />;
}
