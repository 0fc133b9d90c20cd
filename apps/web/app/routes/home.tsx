import { Page } from "../components/page.js";
import { pageMeta } from "../site/meta.js";
import type { Route } from "./+types/home";

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta(matches, "page.home.title", "page.home.lead");

export default function HomePage() {
  return <Page name="home" />;
}
