import { Page } from "../components/page.js";
import { pageMeta } from "../site/meta.js";
import type { Route } from "./+types/contact-us";

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta(matches, "page.contactUs.title", "page.contactUs.lead");

export default function ContactUsPage() {
  return <Page name="contactUs" />;
}
